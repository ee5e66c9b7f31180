/** Titles and empty states of the pages whose features have not landed yet (one entry per route id). */
export interface TShell {
  titleKey: string;
  title: string;
  emptyKey: string;
  empty: string;
}

const PROFILE_SECTION_SHELL: TShell = {
  titleKey: 'header.profile',
  title: 'Profile',
  emptyKey: 'pages.empty.profileSection',
  empty: 'Nothing here yet.',
};

export const SHELLS: Record<string, TShell> = {
  betting: {
    titleKey: 'header.nav.betting',
    title: 'Sports',
    emptyKey: 'pages.empty.betting',
    empty: 'No events are open for betting right now.',
  },
  'cashier-wallet': {
    titleKey: 'cashier.wallet',
    title: 'Wallet',
    emptyKey: 'pages.empty.cashierWallet',
    empty: 'Your wallet details will appear here.',
  },
  'cashier-deposit': {
    titleKey: 'cashier.deposit',
    title: 'Deposit',
    emptyKey: 'pages.empty.cashierDeposit',
    empty: 'No payment methods are available yet.',
  },
  'cashier-deposit-sysname': {
    titleKey: 'cashier.deposit',
    title: 'Deposit',
    emptyKey: 'pages.empty.cashierDepositSysname',
    empty: 'This payment method is not available.',
  },
  'cashier-history': {
    titleKey: 'cashier.history',
    title: 'Transaction history',
    emptyKey: 'pages.empty.cashierHistory',
    empty: 'You have no transactions yet.',
  },
  'cashier-receipt': {
    titleKey: 'cashier.receipt',
    title: 'Receipt',
    emptyKey: 'pages.empty.cashierReceipt',
    empty: 'No receipt to show.',
  },
  'cashier-withdraw': {
    titleKey: 'cashier.withdraw',
    title: 'Withdraw',
    emptyKey: 'pages.empty.cashierWithdraw',
    empty: 'No withdrawal methods are available yet.',
  },
  loyalty: {
    titleKey: 'header.nav.loyalty',
    title: 'Loyalty',
    emptyKey: 'pages.empty.loyalty',
    empty: 'The loyalty programme opens soon.',
  },
  'loyalty-shop': {
    titleKey: 'loyalty.shop',
    title: 'Loyalty shop',
    emptyKey: 'pages.empty.loyaltyShop',
    empty: 'The shop has no products yet.',
  },
  'loyalty-sysname': {
    titleKey: 'header.nav.loyalty',
    title: 'Loyalty programme',
    emptyKey: 'pages.empty.loyaltySysname',
    empty: 'This programme is not available.',
  },
  'profile-section': PROFILE_SECTION_SHELL,
  'profile-loyalty': PROFILE_SECTION_SHELL,
  support: {
    titleKey: 'pages.support.title',
    title: 'Support',
    emptyKey: 'pages.empty.support',
    empty: 'Our team is here for you 24/7.',
  },
  winners: {
    titleKey: 'pages.winners.title',
    title: 'Latest winners',
    emptyKey: 'pages.empty.winners',
    empty: 'No wins to show yet.',
  },
  gamehall: {
    titleKey: 'header.nav.gamehall',
    title: 'Game hall',
    emptyKey: 'pages.empty.gamehall',
    empty: 'No games in this collection yet. Check back soon.',
  },
  jackpots: {
    titleKey: 'header.nav.jackpots',
    title: 'Jackpots',
    emptyKey: 'pages.empty.jackpots',
    empty: 'No jackpots are running right now.',
  },
  jackpot: {
    titleKey: 'header.nav.jackpots',
    title: 'Jackpot',
    emptyKey: 'pages.empty.jackpot',
    empty: 'This jackpot is not available.',
  },
  providers: {
    titleKey: 'header.nav.providers',
    title: 'Game providers',
    emptyKey: 'pages.empty.providers',
    empty: 'No providers to show yet.',
  },
  tournaments: {
    titleKey: 'header.nav.tournaments',
    title: 'Tournaments',
    emptyKey: 'pages.empty.tournaments',
    empty: 'No tournaments are running right now.',
  },
  tournament: {
    titleKey: 'header.nav.tournaments',
    title: 'Tournament',
    emptyKey: 'pages.empty.tournament',
    empty: 'This tournament is not available.',
  },
  'tournament-gamehall': {
    titleKey: 'header.nav.tournaments',
    title: 'Tournament games',
    emptyKey: 'pages.empty.tournamentGamehall',
    empty: 'No games in this tournament yet.',
  },
  'responsible-game': {
    titleKey: 'header.footer.responsibleGaming',
    title: 'Responsible gaming',
    emptyKey: 'pages.empty.responsibleGame',
    empty: 'Set limits and take breaks from your profile.',
  },
  bets: {
    titleKey: 'profile.menu.bets',
    title: 'Bets',
    emptyKey: 'pages.empty.bets',
    empty: 'You have no bets yet.',
  },
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
