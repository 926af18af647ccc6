/**
 * Giving labels back to Open Food Facts: the schedule the API runs, and the sender's own table,
 * which the console lists.
 */
export { scheduleGiveBack } from './give-back-schedule';
export { withSendsTable, type GiveBackDatabase } from './contribution-sends';
