export const ratingChoices = [
  { id: 'green', name: 'Green' },
  { id: 'amber', name: 'Amber' },
  { id: 'red', name: 'Red' },
];

/** The fields a correction may change (`PUT /admin/products/:id`); the rating is never sent. */
export const PRODUCT_FIELDS = ['name', 'brand', 'barcode', 'ingredients', 'description', 'weight'] as const;
