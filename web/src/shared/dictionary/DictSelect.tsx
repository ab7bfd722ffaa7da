import { Select, type SelectProps } from 'antd';
import { useDictionary } from './dictionary';

export type DictSelectProps = Omit<SelectProps<string>, 'options' | 'loading'> & {
  /** The dictionary type's code, e.g. `id_type`. */
  type: string;
};

/** A select of a data-dictionary type's enabled items, labelled in the current language. */
export function DictSelect({ type, ...rest }: DictSelectProps) {
  const dictionary = useDictionary(type);
  return <Select<string> showSearch={{ optionFilterProp: 'label' }} {...rest} options={dictionary.options} loading={dictionary.loading} />;
}

/** A dictionary code shown as its label in the current language (the code when unknown). */
export function DictLabel({ type, code }: { type: string; code: string | null | undefined }) {
  const dictionary = useDictionary(type);
  return <>{dictionary.labelOf(code)}</>;
}
