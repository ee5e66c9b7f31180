/** Titles and empty states of the pages whose features have not landed yet (one entry per route id). */
export interface TShell {
  titleKey: string;
  title: string;
  empty: string;
}

export const SHELLS: Record<string, TShell> = {
  offers: { titleKey: 'header.nav.offers', title: 'Offers', empty: 'There are no offers for you right now.' },
  offer: { titleKey: 'header.nav.offers', title: 'Offer', empty: 'This offer is not available.' },
  betting: {
    titleKey: 'header.nav.betting',
    title: 'Sports',
    empty: 'No events are open for betting right now.',
  },
  'cashier-wallet': {
    titleKey: 'cashier.wallet',
    title: 'Wallet',
    empty: 'Your wallet details will appear here.',
  },
  'cashier-deposit': {
    titleKey: 'cashier.deposit',
    title: 'Deposit',
    empty: 'No payment methods are available yet.',
  },
  'cashier-deposit-sysname': {
    titleKey: 'cashier.deposit',
    title: 'Deposit',
    empty: 'This payment method is not available.',
  },
  'cashier-history': {
    titleKey: 'cashier.history',
    title: 'Transaction history',
    empty: 'You have no transactions yet.',
  },
  'cashier-receipt': { titleKey: 'cashier.receipt', title: 'Receipt', empty: 'No receipt to show.' },
  'cashier-withdraw': {
    titleKey: 'cashier.withdraw',
    title: 'Withdraw',
    empty: 'No withdrawal methods are available yet.',
  },
  loyalty: { titleKey: 'header.nav.loyalty', title: 'Loyalty', empty: 'The loyalty programme opens soon.' },
  'loyalty-shop': { titleKey: 'loyalty.shop', title: 'Loyalty shop', empty: 'The shop has no products yet.' },
  'loyalty-sysname': {
    titleKey: 'header.nav.loyalty',
    title: 'Loyalty programme',
    empty: 'This programme is not available.',
  },
  'profile-section': { titleKey: 'header.profile', title: 'Profile', empty: 'Nothing here yet.' },
  support: { titleKey: 'pages.support.title', title: 'Support', empty: 'Our team is here for you 24/7.' },
  winners: { titleKey: 'pages.winners.title', title: 'Latest winners', empty: 'No wins to show yet.' },
  gamehall: {
    titleKey: 'header.nav.gamehall',
    title: 'Game hall',
    empty: 'No games in this collection yet. Check back soon.',
  },
  jackpots: {
    titleKey: 'header.nav.jackpots',
    title: 'Jackpots',
    empty: 'No jackpots are running right now.',
  },
  jackpot: { titleKey: 'header.nav.jackpots', title: 'Jackpot', empty: 'This jackpot is not available.' },
  providers: {
    titleKey: 'header.nav.providers',
    title: 'Game providers',
    empty: 'No providers to show yet.',
  },
  promotions: {
    titleKey: 'header.nav.promotions',
    title: 'Promotions',
    empty: 'No promotions are running right now.',
  },
  promotion: {
    titleKey: 'header.nav.promotions',
    title: 'Promotion',
    empty: 'This promotion is not available.',
  },
  tournaments: {
    titleKey: 'header.nav.tournaments',
    title: 'Tournaments',
    empty: 'No tournaments are running right now.',
  },
  tournament: {
    titleKey: 'header.nav.tournaments',
    title: 'Tournament',
    empty: 'This tournament is not available.',
  },
  'tournament-gamehall': {
    titleKey: 'header.nav.tournaments',
    title: 'Tournament games',
    empty: 'No games in this tournament yet.',
  },
  'responsible-game': {
    titleKey: 'header.footer.responsibleGaming',
    title: 'Responsible gaming',
    empty: 'Set limits and take breaks from your profile.',
  },
  bets: { titleKey: 'profile.menu.bets', title: 'Bets', empty: 'You have no bets yet.' },
};

export const PROFILE_SECTIONS = [
  'bets',
  'bonuses',
  'loyalty',
  'cashback',
  'security',
  'settings',
  'notification',
  'verification',
  'responsible-game',
] as const;
