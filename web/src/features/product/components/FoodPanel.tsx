import type { FoodInfo } from '../../../generated/wire';
import { InfoList } from './InfoList';

/**
 * What the LMIV asks a food's offer to say (Art. 14 (1)): the particulars, then the nutrition
 * declaration as a table. The server words and rounds it; this only lays it out.
 */
export function FoodPanel({ food }: { food: FoodInfo }) {
  return (
    <>
      {food.particulars.length > 0 && (
        <InfoList rows={food.particulars.map((row) => ({ label: row.label, lines: row.value.split('\n') }))} />
      )}
      {food.nutrition && (
        <table className="product-attributes nutrition">
          <caption>{food.nutrition.caption}</caption>
          <tbody>
            {food.nutrition.rows.map((row) => (
              <tr key={row.label} className={row.part ? 'nutrition__part' : undefined}>
                <th scope="row">{row.label}</th>
                <td>{row.value}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}
