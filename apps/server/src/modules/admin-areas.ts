/**
 * The back-office's feature areas, each owned by its module (its admin/ folder), and the navigation's counters.
 * The back-office shell (modules/backoffice) registers them beside its own (operators, the audit log).
 */
import { createPlayersArea, PLAYERS_FLASH } from './account/index.ts';
import {
  CONTROLS_FLASH,
  countPendingApprovals,
  createControlsArea,
  type TAdminFeatures,
} from './backoffice/index.ts';
import {
  BONUS_TEMPLATES_FLASH,
  BONUSES_FLASH,
  bonusesArea,
  bonusGrantApproval,
  gameContribution,
  playerBonusesPanel,
  playerBonusGrantsArea,
  setGameContribution,
  WAGERING_FLASH,
} from './bonuses/index.ts';
import {
  CAMPAIGNS_FLASH,
  campaignsArea,
  DEPOSIT_OFFERS_FLASH,
  depositOffersArea,
  depositOfferTermsBySysname,
} from './campaigns/index.ts';
import {
  ADJUSTMENTS_FLASH,
  adjustmentApproval,
  adjustmentPanel,
  adjustmentsArea,
  countPendingWithdrawals,
  depositLimitFact,
  WITHDRAWALS_FLASH,
  withdrawalApproval,
  withdrawalsArea,
} from './cashier/index.ts';
import {
  COMPETITIONS_FLASH,
  competitionsArea,
  jackpotsOfGame,
  setJackpotEligibility,
} from './competitions/index.ts';
import { CRM_FLASH, crmPlayerArea, crmPlayerPanel, playerListArea } from './crm/index.ts';
import { signUpSourcePanel } from './events/index.ts';
import { createGamesArea, GAMES_FLASH } from './games/index.ts';
import { TRANSLATIONS_FLASH, translationsArea } from './i18n/index.ts';
import { CATALOGUE_FLASH, loyaltyArea, loyaltyPointsArea, loyaltyPointsPanel } from './loyalty/index.ts';
import { BANNERS_FLASH, bannersArea, PAGES_FLASH, pagesArea, settingsArea } from './metadata/index.ts';
import { lifetimePanel, REPORTS_FLASH, reportsArea, volumesOf } from './reports/index.ts';
import { rgPanel, rgStatusBadge } from './responsible-gaming/index.ts';
import { SPORTSBOOK_FLASH, sportsbookArea } from './sportsbook/index.ts';
import { FAQ_FLASH, faqArea } from './support/index.ts';
import { KYC_FLASH, kycArea } from './verification/index.ts';

export const ADMIN_FEATURES: TAdminFeatures = {
  areas: [
    withdrawalsArea,
    // Money actions over an operator's limit wait for a second operator; approving runs the feature's action once.
    createControlsArea([adjustmentApproval, bonusGrantApproval, withdrawalApproval]),
    // The player list (browse, segments, export, bulk actions) and the CRM's actions on a player.
    playerListArea,
    crmPlayerArea,
    // The player's page, with the panels the other modules draw on it (each in its place on the page, in this order).
    createPlayersArea([
      rgStatusBadge,
      depositLimitFact,
      lifetimePanel,
      signUpSourcePanel,
      rgPanel,
      crmPlayerPanel,
      adjustmentPanel,
      loyaltyPointsPanel,
      playerBonusesPanel,
    ]),
    adjustmentsArea,
    loyaltyPointsArea,
    kycArea,
    reportsArea,
    competitionsArea,
    sportsbookArea,
    settingsArea,
    loyaltyArea,
    bonusesArea,
    playerBonusGrantsArea,
    campaignsArea,
    depositOffersArea,
    bannersArea(depositOfferTermsBySysname),
    // The games pages, with what bonuses, competitions and reports own about a game.
    createGamesArea({
      volumes: volumesOf,
      contribution: { of: gameContribution, set: setGameContribution },
      jackpots: { of: jackpotsOfGame, setEligibility: setJackpotEligibility },
    }),
    pagesArea,
    translationsArea,
    faqArea,
  ],
  counters: [
    { section: 'withdrawals', permission: 'withdrawals.review', count: countPendingWithdrawals },
    { section: 'approvals', permission: 'approvals.read', count: countPendingApprovals },
  ],
  // A code two features word differently is shown in each one's words on its own pages (their `under`); elsewhere the
  // later one's words are shown: the games' order, the Content screens' title and language.
  messages: [
    CONTROLS_FLASH,
    WITHDRAWALS_FLASH,
    PLAYERS_FLASH,
    CRM_FLASH,
    ADJUSTMENTS_FLASH,
    KYC_FLASH,
    REPORTS_FLASH,
    COMPETITIONS_FLASH,
    SPORTSBOOK_FLASH,
    CATALOGUE_FLASH,
    BONUSES_FLASH,
    BONUS_TEMPLATES_FLASH,
    WAGERING_FLASH,
    CAMPAIGNS_FLASH,
    DEPOSIT_OFFERS_FLASH,
    BANNERS_FLASH,
    GAMES_FLASH,
    PAGES_FLASH,
    TRANSLATIONS_FLASH,
    FAQ_FLASH,
  ],
};
