import { addResources } from '../i18n';

/** Texts of the list page and the form dialog, in the four languages. */
const zh = {
  search: '查询',
  reset: '重置',
  create: '新增',
  export: '导出',
  exported: '已导出 {{rows}} 条记录',
  actions: '操作',
  total: '共 {{total}} 条',
  confirmTitle: '温馨提示',
  ok: '确定',
  cancel: '取消',
  all: '全部',
  from: '开始时间',
  to: '结束时间',
  textPlaceholder: '请输入{{label}}',
  choicePlaceholder: '请选择{{label}}',
  saved: '保存成功',
  fixErrors: '请按提示修改后再提交',
};

type Dictionary = { [K in keyof typeof zh]: string };

const en: Dictionary = {
  search: 'Search',
  reset: 'Reset',
  create: 'New',
  export: 'Export',
  exported: '{{rows}} records exported',
  actions: 'Actions',
  total: '{{total}} in total',
  confirmTitle: 'Please confirm',
  ok: 'OK',
  cancel: 'Cancel',
  all: 'All',
  from: 'From',
  to: 'To',
  textPlaceholder: 'Enter {{label}}',
  choicePlaceholder: 'Choose {{label}}',
  saved: 'Saved',
  fixErrors: 'Please correct the highlighted fields',
};

const es: Dictionary = {
  search: 'Buscar',
  reset: 'Restablecer',
  create: 'Nuevo',
  export: 'Exportar',
  exported: '{{rows}} registros exportados',
  actions: 'Acciones',
  total: '{{total}} en total',
  confirmTitle: 'Confirme, por favor',
  ok: 'Aceptar',
  cancel: 'Cancelar',
  all: 'Todos',
  from: 'Desde',
  to: 'Hasta',
  textPlaceholder: 'Introduzca {{label}}',
  choicePlaceholder: 'Elija {{label}}',
  saved: 'Guardado',
  fixErrors: 'Corrija los campos señalados',
};

const ja: Dictionary = {
  search: '検索',
  reset: 'リセット',
  create: '新規作成',
  export: 'エクスポート',
  exported: '{{rows}} 件をエクスポートしました',
  actions: '操作',
  total: '全 {{total}} 件',
  confirmTitle: '確認',
  ok: 'OK',
  cancel: 'キャンセル',
  all: 'すべて',
  from: '開始',
  to: '終了',
  textPlaceholder: '{{label}}を入力してください',
  choicePlaceholder: '{{label}}を選択してください',
  saved: '保存しました',
  fixErrors: '表示された項目を修正してください',
};

export const crudDictionaries = { zh, en, es, ja };
export const CRUD_NS = 'crud';
addResources(CRUD_NS, crudDictionaries);
