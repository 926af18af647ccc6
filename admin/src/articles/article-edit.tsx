import { Create, Edit, type RaRecord } from 'react-admin';
import { toCommand } from '../shared/error-message';
import { ArticleForm } from './article-form';
import { ARTICLE_FIELDS } from './paragraphs';

const transform = (data: RaRecord) => toCommand(data, ARTICLE_FIELDS);

export function ArticleCreate() {
  return (
    <Create transform={transform} redirect="show">
      <ArticleForm />
    </Create>
  );
}

export function ArticleEdit() {
  return (
    <Edit transform={transform} mutationMode="pessimistic" redirect="show">
      <ArticleForm />
    </Edit>
  );
}
