import { addResources } from '../../shared/i18n';
import { valueWordDictionaries } from '../../shared/order/valueWords';

/** Texts of 逾期挂账 (instalments the platform advanced to the capital provider), in the four languages. */
const zh = {
  col: {
    orderNo: '订单号',
    customer: '客户',
    provider: '资金方',
    item: '期次 / 应还日',
    dueDate: '应还日',
    advancedOn: '代偿日',
    advanced: '代偿金额（元）',
    recovered: '已追回（元）',
    waived: '已减免（元）',
    writtenOff: '已核销（元）',
    claim: '挂账余额（元）',
    dpd: '逾期天数',
    itemStatus: '本期状态',
  },
  filter: {
    orderNo: '订单号',
    customerName: '客户姓名',
    provider: '资金方',
    advancedOn: '代偿日期',
    scope: '范围',
    open: '未追回',
    all: '全部（含已追回）',
  },
  item: '第 {{n}} 期',
  days: '{{n}} 天',
  action: { recover: '申请追偿', view: '查看' },
  status: valueWordDictionaries.zh.status.order_plan_item,
};

const en: typeof zh = {
  col: {
    orderNo: 'Order no.',
    customer: 'Customer',
    provider: 'Capital provider',
    item: 'No. / due',
    dueDate: 'Due date',
    advancedOn: 'Advanced on',
    advanced: 'Advanced',
    recovered: 'Recovered',
    waived: 'Waived (CNY)',
    writtenOff: 'Written off (CNY)',
    claim: 'Still owed',
    dpd: 'DPD',
    itemStatus: 'Instalment status',
  },
  filter: {
    orderNo: 'Order no.',
    customerName: 'Customer name',
    provider: 'Capital provider',
    advancedOn: 'Advanced on',
    scope: 'Scope',
    open: 'Not recovered',
    all: 'All (incl. recovered)',
  },
  item: 'No. {{n}}',
  days: '{{n}} d',
  action: { recover: 'Recover', view: 'View' },
  status: valueWordDictionaries.en.status.order_plan_item,
};

const es: typeof zh = {
  col: {
    orderNo: 'N.º de pedido',
    customer: 'Cliente',
    provider: 'Financiador',
    item: 'N.º / venc.',
    dueDate: 'Vencimiento',
    advancedOn: 'Anticipado el',
    advanced: 'Anticipado',
    recovered: 'Recuperado',
    waived: 'Condonado (CNY)',
    writtenOff: 'Castigado (CNY)',
    claim: 'Pendiente',
    dpd: 'Días mora',
    itemStatus: 'Estado de la cuota',
  },
  filter: {
    orderNo: 'N.º de pedido',
    customerName: 'Nombre del cliente',
    provider: 'Financiador',
    advancedOn: 'Fecha del anticipo',
    scope: 'Alcance',
    open: 'No recuperadas',
    all: 'Todas (incl. recuperadas)',
  },
  item: 'N.º {{n}}',
  days: '{{n}} d',
  action: { recover: 'Recobrar', view: 'Ver' },
  status: valueWordDictionaries.es.status.order_plan_item,
};

const ja: typeof zh = {
  col: {
    orderNo: '注文番号',
    customer: '顧客',
    provider: '資金提供者',
    item: '回次 / 期日',
    dueDate: '返済期日',
    advancedOn: '代位弁済日',
    advanced: '代位弁済額（元）',
    recovered: '回収済（元）',
    waived: '減免済（元）',
    writtenOff: '償却済（元）',
    claim: '計上残高（元）',
    dpd: '延滞日数',
    itemStatus: '当回の状態',
  },
  filter: {
    orderNo: '注文番号',
    customerName: '顧客名',
    provider: '資金提供者',
    advancedOn: '代位弁済日',
    scope: '範囲',
    open: '未回収',
    all: 'すべて（回収済を含む）',
  },
  item: '第 {{n}} 回',
  days: '{{n}} 日',
  action: { recover: '回収申請', view: '表示' },
  status: valueWordDictionaries.ja.status.order_plan_item,
};

export const ADVANCE_NS = 'advance';
export const advanceDictionaries = { zh, en, es, ja };

addResources(ADVANCE_NS, advanceDictionaries);
