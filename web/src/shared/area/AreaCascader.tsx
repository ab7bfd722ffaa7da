import { Cascader, type CascaderProps } from 'antd';
import { useMemo } from 'react';
import { areaNames, useAreas, type Area } from './area';

interface Option {
  value: string;
  label: string;
  children?: Option[];
}

function toOptions(areas: readonly Area[]): Option[] {
  return areas.map((area) => ({
    value: area.code,
    label: area.name,
    ...(area.children.length > 0 ? { children: toOptions(area.children) } : {}),
  }));
}

export type AreaCascaderProps = Omit<CascaderProps<Option>, 'options' | 'value' | 'onChange' | 'multiple'> & {
  /** `[provinceCode, cityCode, districtCode]`. */
  value?: string[];
  onChange?: (value: string[]) => void;
};

/** Province → city → district picker for address inputs; value `[provinceCode, cityCode, districtCode]`. */
export function AreaCascader({ value, onChange, ...rest }: AreaCascaderProps) {
  const areas = useAreas();
  const options = useMemo(() => toOptions(areas.data ?? []), [areas.data]);
  return (
    <Cascader<Option>
      showSearch={{ filter: (input, path) => path.some((option) => option.label.includes(input.trim())) }}
      {...rest}
      options={options}
      loading={areas.isLoading}
      value={value}
      onChange={(next) => onChange?.((next ?? []).map(String))}
    />
  );
}

/** An address's area codes shown as names, `广东省 / 深圳市 / 南山区`. */
export function AreaText({ codes }: { codes: readonly (string | null | undefined)[] }) {
  const areas = useAreas();
  return <>{areaNames(areas.data ?? [], codes).join(' / ')}</>;
}
