import ArticleIcon from '@mui/icons-material/Article';
import { ArticleCreate, ArticleEdit } from './article-edit';
import { ArticleList } from './article-list';
import { ArticleShow } from './article-show';

export const articles = {
  list: ArticleList,
  create: ArticleCreate,
  edit: ArticleEdit,
  show: ArticleShow,
  icon: ArticleIcon,
};
