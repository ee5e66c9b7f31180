/** The bonuses module's front door: what other modules may use of it. */
export { bonusGrantApproval, playerBonusGrantsArea } from './admin/bonus-controls.ts';
export { bonusesArea } from './admin/bonuses-area.ts';
export { BONUS_TEMPLATES_FLASH, BONUSES_FLASH, WAGERING_FLASH } from './admin/bonuses-flash.ts';
/** The grant itself, without the controls: a caller checks the operator's limit first (the CRM's bulk grant). */
export { grantPlayerBonus } from './admin/player-bonuses.ts';
export { playerBonusesPanel } from './admin/player-bonuses-panel.ts';
export { MAX_WAGER_MULTIPLIER } from './content.ts';
export { activeBonus, BonusError, grantBonus } from './engine.ts';
export { gameContribution, setGameContribution } from './game-contributions.ts';
export { bonusesModule, EXPIRE_JOB } from './module.ts';
export { placementWords } from './placement-words.ts';
export type { TBonusPlacement } from './queue.ts';
export { bonusPlacement } from './queue.ts';
export type { TBonusTemplate } from './schema.ts';
export { bonusStates, findTemplateBySysname, templateSysnames } from './template-reads.ts';
export { findTemplateById, isTemplateSegmentTargeted, listTemplates } from './templates-admin.ts';
export { bonusItem, bonusWords, contributionsView } from './views.ts';
