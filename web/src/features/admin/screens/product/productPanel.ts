import type { FormErrors, ProductForm } from '../../model/catalogue/productForm';

/** What every part of the product editor gets: the form, a way to change it, and the marked fields. */
export interface ProductPanelProps {
  form: ProductForm;
  set: (patch: Partial<ProductForm>) => void;
  errors: FormErrors;
}

/**
 * Binds a field of the product form to an `InputField`/`SelectField`: its value, its change, and the
 * error the server (or the form's check) gave under `server`, the API's name for the field.
 */
export function bindProduct({ form, set, errors }: ProductPanelProps) {
  return <K extends keyof ProductForm>(key: K, server: string) => ({
    value: form[key],
    onChange: (value: ProductForm[K]) => set({ [key]: value } as Partial<ProductForm>),
    error: errors[server],
  });
}
