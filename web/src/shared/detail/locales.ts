import { addResources } from '../i18n';

/** Built-in texts of the detail page (DetailPage), in the four languages. */
const zh = {
  back: '返回',
  actions: '操作',
  timeline: '操作记录',
  noHistory: '暂无记录',
  reason: '原因',
};

type Dictionary = { [K in keyof typeof zh]: string };

const en: Dictionary = {
  back: 'Back',
  actions: 'Actions',
  timeline: 'History',
  noHistory: 'Nothing recorded yet',
  reason: 'Reason',
};

const es: Dictionary = {
  back: 'Volver',
  actions: 'Acciones',
  timeline: 'Historial',
  noHistory: 'Aún no hay registros',
  reason: 'Motivo',
};

const ja: Dictionary = {
  back: '戻る',
  actions: '操作',
  timeline: '操作履歴',
  noHistory: '記録はまだありません',
  reason: '理由',
};

export const detailDictionaries = { zh, en, es, ja };
export const DETAIL_NS = 'detail';
addResources(DETAIL_NS, detailDictionaries);
