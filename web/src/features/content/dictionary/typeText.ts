import { builtInName } from '../../../shared/builtin/names';
import type { DictType } from '../api';

type TypeText = Pick<DictType, 'code' | 'nameZh' | 'nameEn' | 'remark' | 'builtIn'>;

/**
 * A dictionary type's name in `language`. A type stores a Chinese and an English name: Chinese
 * reads the Chinese one, English the English one (the Chinese when it has none). Spanish and
 * Japanese have no stored name: a built-in type (m0009's) is named by `BUILT_IN_NAMES.dictType`
 * while its Chinese name is still the default, any other type by its English name.
 */
export function dictTypeName(type: TypeText, language: string): string {
  if (language === 'zh') return type.nameZh;
  const code = type.builtIn ? type.code : null;
  if (language === 'es' || language === 'ja') {
    const translated = builtInName('dictType', code, type.nameZh, language);
    if (translated !== type.nameZh) return translated;
  }
  return type.nameEn || builtInName('dictType', code, type.nameZh, 'en');
}

/**
 * A dictionary type's remark in `language`: stored in Chinese only, a built-in type's remark is
 * translated while it is still m0009's (`BUILT_IN_NAMES.dictTypeRemark`); any other as written.
 */
export function dictTypeRemark(type: TypeText, language: string): string {
  return builtInName('dictTypeRemark', type.builtIn ? type.code : null, type.remark, language);
}
