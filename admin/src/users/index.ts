import PeopleIcon from '@mui/icons-material/People';
import { UserList } from './user-list';
import { UserShow } from './user-show';

/** Users are administered through commands on their show page (Premium, suspension), not edited. */
export const users = { list: UserList, show: UserShow, icon: PeopleIcon };
