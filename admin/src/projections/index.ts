import StorageIcon from '@mui/icons-material/Storage';
import { ProjectionList } from './projection-list';

export const projections = { list: ProjectionList, icon: StorageIcon };
