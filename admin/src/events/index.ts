import HistoryIcon from '@mui/icons-material/History';
import { EventList } from './event-list';

export const events = { list: EventList, icon: HistoryIcon };
