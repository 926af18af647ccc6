import SpellcheckIcon from '@mui/icons-material/Spellcheck';
import { BrandList } from './brand-list';

/** The catalogue's brands, spelling by spelling: corrected with a command, never edited one by one. */
export const brands = { list: BrandList, icon: SpellcheckIcon };
