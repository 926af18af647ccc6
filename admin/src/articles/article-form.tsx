import { FormDataConsumer, SimpleForm, TextInput, required } from 'react-admin';
import { ArticlePreview } from './article-preview';

const imageUrlRule = (value: string | null) =>
  !value || /^\/[^/]/.test(value) || /^https:\/\/\S+$/.test(value)
    ? undefined
    : 'Use a path starting with / or an https:// address';

/** The fields of an article with a live preview, shared by create and edit. */
export function ArticleForm() {
  return (
    <SimpleForm defaultValues={{ summary: '', imageUrl: '', category: '' }}>
      <TextInput source="title" validate={required()} fullWidth />
      <TextInput source="summary" multiline fullWidth />
      <TextInput source="category" />
      <TextInput
        source="imageUrl"
        label="Image URL"
        validate={imageUrlRule}
        helperText="/articles/x.svg or https://…"
        fullWidth
      />
      <TextInput
        source="content"
        validate={required()}
        multiline
        minRows={8}
        fullWidth
        helperText="Leave a blank line between paragraphs"
      />
      <FormDataConsumer>{({ formData }) => <ArticlePreview {...formData} />}</FormDataConsumer>
    </SimpleForm>
  );
}
