import type { RouteMeta } from './meta';
import type { ScreenEntry, SectionEntry, TableEntry } from './table';

/**
 * The route table (the product specification; docs/architecture.md): every screen of the product with its path,
 * label key (`route.<name>` in the `shell` namespace, four languages), sidebar icon, permission
 * and flags. The guard (through each route's `handle`), the sidebar, the breadcrumb, the tabs,
 * the page titles and the dashboard's shortcuts all read it. It is plain data: the icons are
 * names the shell resolves, so the entry chunk stays free of antd. The pages bound to the built
 * screens are in `app/routes.tsx` (the shell in `layout/` reads this table, never `app/`).
 */

/**
 * The screens whose capability is built, by name; every other screen shows the "not available yet"
 * page. `app/routes.tsx` binds a lazy page to each (its `BUILT_PAGES` is typed by this list, so a
 * built screen without a page, or a page for a screen not listed here, does not compile).
 */
export const BUILT_SCREENS = [
  'dashboard',
  'organization',
  'role',
  'administrators',
  'journal',
  'basicSet',
  'security',
  'orderRules',
  'message',
  'interfaceConfig',
  'verification',
  'signatureConfigure',
  'banner',
  'advertisingSpace',
  'dataDispose',
  'insuranceCompany',
  'fundSide',
  'accountInfo',
  'signatureInfo',
  'contractTemplate',
  'customerManagement',
  'customerDetail',
  'contract',
  'noticeTemplate',
  'noticeSend',
  'registeredUser',
  'order',
  'reviewOrder',
  'allocationQueue',
  'allocationManagement',
  'comprehensive',
  'rejectOrder',
  'orderDetail',
  'orderStatement',
  'insuranceForm',
  'contractSigning',
  'downPayments',
  'loanConfirmation',
  'electronicInsurance',
  'repaymentOrder',
  'settleOrder',
  'surrenderOrder',
  'premiumManagement',
  'exemptionApplication',
  'recoveryApplication',
  'surrenderApplication',
  'overdueManagement',
  'overdueAccount',
] as const;

export type BuiltScreen = (typeof BUILT_SCREENS)[number];

const built = new Set<string>(BUILT_SCREENS);

function screen(name: string, path: string, permission?: string, meta: Partial<Omit<RouteMeta, 'title'>> = {}): ScreenEntry {
  return {
    kind: 'screen',
    name,
    path,
    built: built.has(name),
    meta: { title: `route.${name}`, keepAlive: true, ...(permission ? { permission } : {}), ...meta },
  };
}

function section(
  name: string,
  path: string | undefined,
  icon: string,
  permission: string | undefined,
  children: ScreenEntry[],
): SectionEntry {
  return {
    kind: 'section',
    name,
    ...(path ? { path } : {}),
    meta: { title: `route.${name}`, icon, ...(permission ? { permission } : {}) },
    children,
  };
}

const ORDER_INFO = 'admin:order_info:table';
const CAPITAL = 'capital:order:table';

export const routeTable: readonly TableEntry[] = [
  screen('dashboard', '/dashboard', undefined, { icon: 'dashboard', affix: true }),
  section('desk', undefined, 'desk', undefined, [
    screen('workbench', '/workbench', 'admin:statistics:wait'),
    screen('capitalStatistics', '/capitalStatistics', 'admin:statistics:capital_company'),
    screen('dataStatistics', '/dataStatistics', 'admin:statistics:amount'),
    screen('rejectOrder', '/rejectOrder', 'admin:statistics:not_pass'),
    screen('statisticsOrderTable', '/statisticsOrderTable', 'admin:statistics:order'),
    screen('managementToDo', '/managementToDo', CAPITAL),
  ]),
  section('companyRepayment', '/companyRepayment', 'payment', 'admin:order_premium:table', [
    screen('premiumManagement', '/companyRepayment/premiumManagement'),
  ]),
  section('business', '/business', 'business', 'admin:assignment_queue:table', [
    screen('allocationQueue', '/business/allocationQueue'),
    screen('registeredUser', '/business/registeredUser', 'admin:order_apply:table'),
    screen('order', '/business/order', ORDER_INFO),
    screen('reviewOrder', '/business/reviewOrder', ORDER_INFO),
    screen('allocationManagement', '/business/allocationManagement', ORDER_INFO),
    screen('orderStatement', '/business/orderStatement', ORDER_INFO),
    screen('insuranceForm', '/business/insuranceForm', ORDER_INFO),
    screen('contractSigning', '/business/contractSigning', ORDER_INFO),
    screen('downPayments', '/business/downPayments', ORDER_INFO),
    screen('loanConfirmation', '/business/loanConfirmation', ORDER_INFO),
    screen('electronicInsurance', '/business/electronicInsurance', ORDER_INFO),
    screen('repaymentOrder', '/business/repaymentOrder', ORDER_INFO),
    screen('settleOrder', '/business/settleOrder', ORDER_INFO),
    screen('surrenderOrder', '/business/surrenderOrder', ORDER_INFO),
    screen('comprehensive', '/business/comprehensive', ORDER_INFO),
    // An order's page, opened from any order list (not in the sidebar; one tab per order).
    screen('orderDetail', '/business/orderDetail/:id', ORDER_INFO, {
      hidden: true,
      keepAlive: false,
      // The order page keeps 综合业务订单, the list of every order, highlighted.
      activeMenu: '/business/comprehensive',
    }),
    screen('overdueManagement', '/business/overdueManagement', 'admin:order_plan:table'),
    screen('exemptionApplication', '/business/exemptionApplication', 'admin:order_plan_reduction:table'),
    screen('recoveryApplication', '/business/recoveryApplication', 'admin:order_plan_recover:table'),
    screen('surrenderApplication', '/business/surrenderApplication', 'admin:order_refund:table'),
    screen('overdueAccount', '/business/overdueAccount', 'admin:order_plan_overdue:table'),
  ]),
  section('capitalOrder', '/capitalOrder', 'capitalOrder', CAPITAL, [
    screen('capitalOrderView', '/capitalOrder/capitalOrderView'),
    screen('capitalSurrenderOrder', '/capitalOrder/surrenderOrder'),
    screen('capitalPremiumManagement', '/capitalOrder/capitalPremiumManagement'),
    screen('paymentApplication', '/capitalOrder/paymentApplication'),
    screen('capitalToBeReturned', '/capitalOrder/capitalToBeReturned'),
    screen('capitalReceived', '/capitalOrder/capitalReceived'),
    screen('capitalOverdueAccount', '/capitalOrder/capitalOverdueAccount'),
  ]),
  section('capitalAccount', '/capitalAccount', 'capitalAccount', CAPITAL, [
    screen('accountInfo', '/capitalAccount/accountInfo'),
    screen('signatureInfo', '/capitalAccount/signatureInfo'),
    screen('contractTemplate', '/capitalAccount/contractTemplate'),
  ]),
  section('repayment', '/repayment', 'repayment', 'admin:statistics:plan', [
    screen('toBeReceived', '/repayment/toBeReceived'),
    screen('received', '/repayment/received'),
  ]),
  section('fund', '/fund', 'fund', 'admin:capital_Log:table', [
    screen('platformRevenue', '/fund/platformRevenue'),
    screen('platformExpenditure', '/fund/platformExpenditure'),
    screen('managementIncome', '/fund/managementIncome'),
    screen('managementExpenditure', '/fund/managementExpenditure'),
    screen('customerExpenditure', '/fund/customerExpenditure'),
  ]),
  section('operate', '/operate', 'operate', undefined, [
    screen('customerManagement', '/operate/customerManagement', 'admin:customer:table'),
    // A customer's page, opened from the list (not in the sidebar; one tab per customer).
    screen('customerDetail', '/operate/customerManagement/detail/:id', 'admin:customer:table', {
      hidden: true,
      keepAlive: false,
      activeMenu: '/operate/customerManagement',
    }),
    screen('contract', '/operate/contract', 'admin:template_contract:table'),
    screen('noticeTemplate', '/operate/noticeTemplate', 'admin:notice_template:table'),
    screen('noticeSend', '/operate/noticeSend', 'admin:notice_send:table'),
  ]),
  section('content', '/content', 'content', undefined, [
    screen('banner', '/content/banner', 'admin:banner:table'),
    screen('advertisingSpace', '/content/advertisingSpace', 'admin:article_type:table'),
    screen('dataDispose', '/dataDispose', 'admin:dictionary:table'),
  ]),
  section('partner', '/partner', 'partner', undefined, [
    screen('insuranceCompany', '/partner/insuranceCompany', 'admin:insurance_company:table'),
    screen('fundSide', '/partner/fundSide', 'admin:capital_company:table'),
  ]),
  section('systemManagement', '/systemManagement', 'system', undefined, [
    screen('basicSet', '/systemManagement/basicSet', 'admin:config:system'),
    screen('security', '/systemManagement/security', 'admin:config:security'),
    screen('orderRules', '/systemManagement/orderRules', 'admin:config:order'),
    screen('message', '/systemManagement/message', 'admin:config:sms'),
    screen('interfaceConfig', '/systemManagement/interfaceConfig', 'admin:config:icl_interface'),
    screen('verification', '/systemManagement/verification', 'admin:icl_interface:table'),
    screen('signatureConfigure', '/systemManagement/signatureConfigure', 'admin:config:bestsign'),
    screen('organization', '/systemManagement/organization', 'admin:organization:table'),
    screen('role', '/systemManagement/role', 'admin:role:table'),
    screen('administrators', '/systemManagement/administrators', 'admin:user:table'),
    screen('journal', '/systemManagement/journal', 'admin:logs:table'),
  ]),
];
