import VolunteerActivismIcon from '@mui/icons-material/VolunteerActivism';
import { OffContributionList } from './off-contribution-list';

export const offContributions = { list: OffContributionList, icon: VolunteerActivismIcon };
