import CloudDownloadIcon from '@mui/icons-material/CloudDownload';
import { ImportRunList } from './import-run-list';

export const importRuns = { list: ImportRunList, icon: CloudDownloadIcon };
