/** The system feature's entry: its router (health and status). */
export { systemRouter } from './routes';
