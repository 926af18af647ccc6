import { chakra, useSlotRecipe } from '@chakra-ui/react';
import type { OffBlockResponse } from '@labelwise/domain/contracts';

const NUTRIENTS: Array<{ key: keyof OffBlockResponse['nutrition']; label: string; unit: string }> = [
  { key: 'energyKcal', label: 'Energy', unit: 'kcal' },
  { key: 'fat', label: 'Fat', unit: 'g' },
  { key: 'saturatedFat', label: 'of which saturates', unit: 'g' },
  { key: 'sugars', label: 'Sugars', unit: 'g' },
  { key: 'salt', label: 'Salt', unit: 'g' },
  { key: 'fiber', label: 'Fibre', unit: 'g' },
  { key: 'proteins', label: 'Protein', unit: 'g' },
];

const amount = (value: number | null, unit: string) =>
  value === null ? 'Not given' : `${Number(value.toFixed(2))} ${unit}`;

/**
 * Open Food Facts' values per 100 g, drawn with the theme's table styles on plain table elements:
 * Chakra's Table components are shared with the Learn page, and as a shared chunk they brought
 * Learn's code with them to every shared product link.
 */
export function NutritionTable({ nutrition }: { nutrition: OffBlockResponse['nutrition'] }) {
  const styles = useSlotRecipe({ key: 'table' })({ size: 'sm', variant: 'outline' });
  return (
    <chakra.table css={styles.root} maxWidth="md">
      <chakra.caption
        css={styles.caption}
        captionSide="top"
        textAlign="start"
        fontWeight="semibold"
        color="fg"
      >
        Nutrition per 100 g
      </chakra.caption>
      <chakra.thead css={styles.header}>
        <chakra.tr css={styles.row}>
          <chakra.th css={styles.columnHeader} scope="col">
            Nutrient
          </chakra.th>
          <chakra.th css={[styles.columnHeader, { textAlign: 'end' }]} scope="col">
            Per 100 g
          </chakra.th>
        </chakra.tr>
      </chakra.thead>
      <chakra.tbody css={styles.body}>
        {NUTRIENTS.map(({ key, label, unit }) => (
          <chakra.tr key={key} css={styles.row}>
            <chakra.th
              css={[styles.cell, { fontWeight: 'normal' }, key === 'saturatedFat' && { paddingStart: '6' }]}
              scope="row"
            >
              {label}
            </chakra.th>
            <chakra.td css={[styles.cell, { textAlign: 'end' }]}>{amount(nutrition[key], unit)}</chakra.td>
          </chakra.tr>
        ))}
      </chakra.tbody>
    </chakra.table>
  );
}
