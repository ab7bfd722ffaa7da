import { addResources } from '../i18n';

/**
 * Texts of the schedule view (the product calculator and the order page), in the four languages.
 * The three rates are those of docs/money.md, "Annualised rate (IRR)": the product's nominal
 * annual rate (its monthly rate × 12), the IRR's effective annual rate ((1 + i)^12 − 1, compounded
 * monthly: the figure to compare) and the IRR's nominal annual rate (12 · i); each label says which.
 */
const zh = {
  principal: '融资本金',
  seq: '期次',
  dueDate: '还款日',
  principalCol: '本金',
  interest: '利息',
  fee: '手续费',
  total: '应还合计',
  remaining: '剩余本金',
  sum: '合计',
  nominal: '名义年利率（产品月利率×12）',
  irr: '实际年化利率（IRR，按月复利）',
  irrNominal: '名义年利率（月 IRR×12）',
  emi: '每期本息',
  upfrontFee: '手续费（首付时收取）',
  deposit: '保证金',
  totalInterest: '利息合计',
  totalRepayment: '还款总额',
  depositOffset: '保证金抵扣',
};

const en = {
  principal: 'Financed amount',
  seq: 'No.',
  dueDate: 'Due date',
  principalCol: 'Principal',
  interest: 'Interest',
  fee: 'Fee',
  total: 'Total due',
  remaining: 'Remaining principal',
  sum: 'Total',
  nominal: 'Nominal annual rate (product, monthly\u00a0×\u00a012)',
  irr: 'Effective annual rate (IRR, compounded monthly)',
  irrNominal: 'Nominal annual rate (monthly IRR\u00a0×\u00a012)',
  emi: 'Instalment (P+I)',
  upfrontFee: 'Fee (with down payment)',
  deposit: 'Deposit',
  totalInterest: 'Total interest',
  totalRepayment: 'Total repayment',
  depositOffset: 'Deposit offset',
};

const es = {
  principal: 'Importe financiado',
  seq: 'N.º',
  dueDate: 'Vencimiento',
  principalCol: 'Principal',
  interest: 'Intereses',
  fee: 'Comisión',
  total: 'Total a pagar',
  remaining: 'Principal pendiente',
  sum: 'Total',
  nominal: 'Tipo nominal anual (producto, mensual\u00a0×\u00a012)',
  irr: 'Tipo efectivo anual (TIR, compuesto mensual)',
  irrNominal: 'Tipo nominal anual (TIR mensual\u00a0×\u00a012)',
  emi: 'Cuota (P+I)',
  upfrontFee: 'Comisión (con la entrada)',
  deposit: 'Depósito',
  totalInterest: 'Intereses totales',
  totalRepayment: 'Total a devolver',
  depositOffset: 'Compensa depósito',
};

const ja = {
  principal: '融資額',
  seq: '回',
  dueDate: '返済日',
  principalCol: '元金',
  interest: '利息',
  fee: '手数料',
  total: '返済額',
  remaining: '残元金',
  sum: '合計',
  nominal: '名目年率（商品の月利×12）',
  irr: '実質年率（IRR・月複利）',
  irrNominal: '名目年率（月次 IRR×12）',
  emi: '毎回の元利',
  upfrontFee: '手数料（頭金時）',
  deposit: '保証金',
  totalInterest: '利息合計',
  totalRepayment: '返済総額',
  depositOffset: '保証金充当',
};

export const SCHEDULE_NS = 'schedule';
export const scheduleDictionaries = { zh, en, es, ja };
addResources(SCHEDULE_NS, scheduleDictionaries);
