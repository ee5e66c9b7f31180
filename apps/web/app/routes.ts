/**
 * Every route of spec §2, each under an optional locale prefix (`/:lang?/…`). The root middleware decides
 * what the prefix is (a known locale, or else part of the path: an unknown single segment is a page slug).
 * Pages whose features have not landed use the shared shell (`routes/shell.tsx`) under their own id.
 */
import { index, layout, type RouteConfig, route } from '@react-router/dev/routes';

const shell = (path: string, id: string) => route(path, 'routes/shell.tsx', { id });

export default [
  route(':lang?', 'routes/locale.tsx', [
    layout('layouts/default.tsx', [
      index('routes/home.tsx'),
      route('offers', 'routes/offers.tsx', { id: 'offers' }),
      route('offers/:id', 'routes/offers.tsx', { id: 'offer' }),
      route('betting', 'routes/betting.tsx', { id: 'betting' }),
      route('betting/event/:id', 'routes/betting-event.tsx', { id: 'betting-event' }),
      route('cashier', 'routes/cashier-index.tsx'),
      route('cashier/billing/*', 'routes/cashier-billing.tsx'),
      route('cashier/wallet', 'routes/cashier-wallet.tsx', { id: 'cashier-wallet' }),
      route('cashier/deposit', 'routes/cashier-deposit.tsx', { id: 'cashier-deposit' }),
      route('cashier/deposit/:sysname', 'routes/cashier-deposit-method.tsx', {
        id: 'cashier-deposit-sysname',
      }),
      route('cashier/history', 'routes/cashier-history.tsx', { id: 'cashier-history' }),
      route('cashier/receipt', 'routes/cashier-receipt.tsx', { id: 'cashier-receipt' }),
      route('cashier/withdraw', 'routes/cashier-withdraw.tsx', { id: 'cashier-withdraw' }),
      // The sandbox returns to /cashier/paycancel/{transaction}; the plain path of §2 still matches.
      route('cashier/paycancel/:transaction?', 'routes/cashier-payment-result.tsx', {
        id: 'cashier-paycancel',
      }),
      route('cashier/paymobile', 'routes/cashier-payment-result.tsx', { id: 'cashier-paymobile' }),
      route('cashier/paynewwindow', 'routes/cashier-payment-result.tsx', { id: 'cashier-paynewwindow' }),
      route('cashier/payfail/:transaction?', 'routes/cashier-payment-result.tsx', { id: 'cashier-payfail' }),
      route('cashier/paypending/:transaction?', 'routes/cashier-payment-result.tsx', {
        id: 'cashier-paypending',
      }),
      route('cashier/paysuccess/:transaction?', 'routes/cashier-payment-result.tsx', {
        id: 'cashier-paysuccess',
      }),
      route('loyalty', 'routes/loyalty.tsx', { id: 'loyalty' }),
      route('loyalty/shop', 'routes/loyalty-shop.tsx', { id: 'loyalty-shop' }),
      route('loyalty/:sysname', 'routes/loyalty-program.tsx', { id: 'loyalty-sysname' }),
      route('profile', 'routes/profile-index.tsx'),
      layout('routes/profile-layout.tsx', [
        route('profile/settings', 'routes/profile-settings.tsx'),
        route('profile/security', 'routes/profile-security.tsx'),
        route('profile/notification', 'routes/profile-notification.tsx'),
        route('profile/verification', 'routes/profile-verification.tsx'),
        route('profile/responsible-game', 'routes/profile-responsible-game.tsx'),
        route('profile/bets', 'routes/profile-bets.tsx'),
        route('profile/bonuses', 'routes/profile-bonuses.tsx'),
        route('profile/cashback', 'routes/profile-cashback.tsx'),
        // Named, not left to `profile/:section`: that ties in rank with `:lang/loyalty` (lang "profile"), which
        // came first and answered 404.
        route('profile/loyalty', 'routes/profile-loyalty.tsx', { id: 'profile-loyalty' }),
        shell('profile/:section', 'profile-section'),
      ]),
      route('support', 'routes/support.tsx', { id: 'support' }),
      route('winners', 'routes/winners.tsx', { id: 'winners' }),
      route('gamehall', 'routes/gamehall.tsx', { id: 'gamehall' }),
      route('gamehall/:id', 'routes/gamehall-id.tsx'),
      route('jackpots', 'routes/jackpots.tsx', { id: 'jackpots' }),
      route('jackpots/:id', 'routes/jackpots.tsx', { id: 'jackpot' }),
      route('providers', 'routes/providers.tsx', { id: 'providers' }),
      route('promotions', 'routes/promotions.tsx', { id: 'promotions' }),
      route('promotions/:id', 'routes/promotions.tsx', { id: 'promotion' }),
      route('tournaments', 'routes/tournaments.tsx', { id: 'tournaments' }),
      route('tournaments/:id', 'routes/tournament.tsx', { id: 'tournament' }),
      route('tournaments/:id/gamehall', 'routes/tournament-gamehall.tsx', { id: 'tournament-gamehall' }),
      route('unsubscribe', 'routes/unsubscribe.tsx', { id: 'unsubscribe' }),
      route('confirmation', 'routes/confirmation.tsx', { id: 'confirmation' }),
      route('confirmation/success', 'routes/confirmation-success.tsx', { id: 'confirmation-success' }),
      route('responsible-game', 'routes/responsible-game.tsx', { id: 'responsible-game' }),
      route('bets/:id', 'routes/bet.tsx', { id: 'bet' }),
      shell('bets/*', 'bets'),
      route('password-reset', 'routes/password-reset.tsx'),
      route('fairness', 'routes/fairness.tsx', { id: 'fairness' }),
      route(':slug', 'routes/content-page.tsx'),
      route('*', 'routes/not-found.tsx'),
    ]),
    layout('layouts/empty.tsx', [
      route('forms/sign_in', 'routes/embedded-form.tsx', { id: 'forms-sign-in' }),
      route('forms/sign_up', 'routes/embedded-form.tsx', { id: 'forms-sign-up' }),
      route('platform/game/*', 'routes/platform-game.tsx', { id: 'platform-game' }),
    ]),
    layout('layouts/game.tsx', [route('game/:sysname', 'routes/game.tsx', { id: 'game-sysname' })]),
    layout('layouts/svg-sprite.tsx', [route('_icons', 'routes/icons.tsx')]),
  ]),
] satisfies RouteConfig;
