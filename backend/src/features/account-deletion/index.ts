/** The account deletion feature's entry: its router (`DELETE /api/user` and the administrator's deletion). */
export { accountDeletionFeature } from './routes';
