import {
  Edit,
  Labeled,
  SimpleForm,
  TextInput,
  required,
  useNotify,
  useRecordContext,
  useRedirect,
  type RaRecord,
} from 'react-admin';
import { Alert } from '@mui/material';
import { ratingLabel, type AdminProductResponse } from '@labelwise/domain/contracts';
import { toCommand } from '../shared/error-message';
import { correctedNote, OffSourcePanel } from './off-source-panel';
import { PRODUCT_FIELDS } from './ratings';

/** An unrated imported product has no ingredients: it may be corrected without giving any. */
const correctionOf = (data: RaRecord) =>
  toCommand(
    data,
    PRODUCT_FIELDS.filter((field) => field !== 'ingredients' || data.ingredients),
  );

function CorrectionFields() {
  const product = useRecordContext<AdminProductResponse & { id: number }>();
  const note = (field: string) => correctedNote(product, field);
  return (
    <>
      <TextInput source="name" validate={required()} helperText={note('name')} fullWidth />
      <TextInput source="brand" helperText={note('brand')} fullWidth />
      <TextInput source="barcode" helperText={note('barcode')} fullWidth />
      <TextInput
        source="ingredients"
        validate={product?.unratedReason ? undefined : required()}
        helperText={note('ingredients')}
        multiline
        minRows={3}
        fullWidth
      />
      <TextInput source="description" helperText={note('description')} multiline fullWidth />
      <TextInput source="weight" helperText={note('weight')} />
      <Labeled label="Source data">
        <OffSourcePanel />
      </Labeled>
    </>
  );
}

/** Corrections: the server's analyser recomputes the rating from the ingredients. */
export function ProductEdit() {
  const notify = useNotify();
  const redirect = useRedirect();
  const onSuccess = (product: RaRecord) => {
    notify(`Product corrected. Rating: ${ratingLabel(product.rating)}`, { type: 'success' });
    redirect('show', 'products', product.id);
  };
  return (
    <Edit mutationMode="pessimistic" transform={correctionOf} mutationOptions={{ onSuccess }}>
      <SimpleForm>
        <Alert severity="info">
          The rating is recomputed by the server from the ingredients when you save. Corrected fields are
          never overwritten by a later Open Food Facts import.
        </Alert>
        <CorrectionFields />
      </SimpleForm>
    </Edit>
  );
}
