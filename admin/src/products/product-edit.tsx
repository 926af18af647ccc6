import { Edit, SimpleForm, TextInput, required, useNotify, useRedirect, type RaRecord } from 'react-admin';
import { Alert } from '@mui/material';
import { toCommand } from '../shared/error-message';
import { PRODUCT_FIELDS } from './ratings';

/** Corrections: the server's analyser recomputes the rating from the ingredients. */
export function ProductEdit() {
  const notify = useNotify();
  const redirect = useRedirect();
  const onSuccess = (product: RaRecord) => {
    notify(`Product corrected. Rating: ${product.rating}`, { type: 'success' });
    redirect('show', 'products', product.id);
  };
  return (
    <Edit
      mutationMode="pessimistic"
      transform={(data: RaRecord) => toCommand(data, PRODUCT_FIELDS)}
      mutationOptions={{ onSuccess }}
    >
      <SimpleForm>
        <Alert severity="info">
          The rating is recomputed by the server from the ingredients when you save.
        </Alert>
        <TextInput source="name" validate={required()} fullWidth />
        <TextInput source="brand" fullWidth />
        <TextInput source="barcode" fullWidth />
        <TextInput source="ingredients" validate={required()} multiline minRows={3} fullWidth />
        <TextInput source="description" multiline fullWidth />
        <TextInput source="weight" />
      </SimpleForm>
    </Edit>
  );
}
