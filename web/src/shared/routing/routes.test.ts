import { describe, expect, it } from 'vitest';
import { BUILT_SCREENS, routeTable } from './routes';
import { allScreens } from './table';

describe('route table (the product specification)', () => {
  it('lists every screen once, with a unique path', () => {
    const screens = allScreens(routeTable);
    expect(screens).toHaveLength(67);
    expect(new Set(screens.map((s) => s.path)).size).toBe(screens.length);
    expect(new Set(screens.map((s) => s.name)).size).toBe(screens.length);
  });

  it('the dashboard (affix, open to everyone) and the built screens are the built ones', () => {
    const built = allScreens(routeTable).filter((s) => s.built);
    expect(built.map((s) => [s.path, s.meta.affix ?? false, s.meta.permission])).toEqual([
      ['/dashboard', true, undefined],
      ['/rejectOrder', false, 'admin:statistics:not_pass'],
      ['/companyRepayment/premiumManagement', false, undefined],
      ['/business/allocationQueue', false, undefined],
      ['/business/registeredUser', false, 'admin:order_apply:table'],
      ['/business/order', false, 'admin:order_info:table'],
      ['/business/reviewOrder', false, 'admin:order_info:table'],
      ['/business/allocationManagement', false, 'admin:order_info:table'],
      ['/business/orderStatement', false, 'admin:order_info:table'],
      ['/business/insuranceForm', false, 'admin:order_info:table'],
      ['/business/contractSigning', false, 'admin:order_info:table'],
      ['/business/downPayments', false, 'admin:order_info:table'],
      ['/business/loanConfirmation', false, 'admin:order_info:table'],
      ['/business/electronicInsurance', false, 'admin:order_info:table'],
      ['/business/repaymentOrder', false, 'admin:order_info:table'],
      ['/business/settleOrder', false, 'admin:order_info:table'],
      ['/business/surrenderOrder', false, 'admin:order_info:table'],
      ['/business/comprehensive', false, 'admin:order_info:table'],
      ['/business/orderDetail/:id', false, 'admin:order_info:table'],
      ['/business/overdueManagement', false, 'admin:order_plan:table'],
      ['/business/exemptionApplication', false, 'admin:order_plan_reduction:table'],
      ['/business/recoveryApplication', false, 'admin:order_plan_recover:table'],
      ['/business/surrenderApplication', false, 'admin:order_refund:table'],
      ['/business/overdueAccount', false, 'admin:order_plan_overdue:table'],
      ['/capitalAccount/accountInfo', false, undefined],
      ['/capitalAccount/signatureInfo', false, undefined],
      ['/capitalAccount/contractTemplate', false, undefined],
      ['/operate/customerManagement', false, 'admin:customer:table'],
      ['/operate/customerManagement/detail/:id', false, 'admin:customer:table'],
      ['/operate/contract', false, 'admin:template_contract:table'],
      ['/operate/noticeTemplate', false, 'admin:notice_template:table'],
      ['/operate/noticeSend', false, 'admin:notice_send:table'],
      ['/content/banner', false, 'admin:banner:table'],
      ['/content/advertisingSpace', false, 'admin:article_type:table'],
      ['/dataDispose', false, 'admin:dictionary:table'],
      ['/partner/insuranceCompany', false, 'admin:insurance_company:table'],
      ['/partner/fundSide', false, 'admin:capital_company:table'],
      ['/systemManagement/basicSet', false, 'admin:config:system'],
      ['/systemManagement/security', false, 'admin:config:security'],
      ['/systemManagement/orderRules', false, 'admin:config:order'],
      ['/systemManagement/message', false, 'admin:config:sms'],
      ['/systemManagement/interfaceConfig', false, 'admin:config:icl_interface'],
      ['/systemManagement/verification', false, 'admin:icl_interface:table'],
      ['/systemManagement/signatureConfigure', false, 'admin:config:bestsign'],
      ['/systemManagement/organization', false, 'admin:organization:table'],
      ['/systemManagement/role', false, 'admin:role:table'],
      ['/systemManagement/administrators', false, 'admin:user:table'],
      ['/systemManagement/journal', false, 'admin:logs:table'],
    ]);
  });

  it('every built screen is a screen of the table', () => {
    const names = new Set(allScreens(routeTable).map((s) => s.name));
    expect(BUILT_SCREENS.filter((name) => !names.has(name))).toEqual([]);
  });
});
