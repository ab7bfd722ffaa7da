import { lazy } from 'react';
import { Navigate } from 'react-router';
import { hasPermission, usePermissions } from '../shared/auth/permissions';
import type { SectionEntry } from '../shared/routing/table';

/** The workspace shell, a lazy chunk (with antd): loaded once the guard has let a signed-in user in. */
export const LazyAppLayout = lazy(async () => ({ default: (await import('../layout/AppLayout')).AppLayout }));

/** A section's own path goes to its first screen the user may open (else the first: the guard says 401). */
export function SectionIndex({ entry }: { entry: SectionEntry }) {
  const held = usePermissions();
  const target = entry.children.find((child) => hasPermission(child.meta.permission, held)) ?? entry.children[0];
  return <Navigate to={target?.path ?? '/404'} replace />;
}

/**
 * Pages are React-lazy elements rather than route `lazy` loaders: the guard decides before a
 * page's chunk (with antd) is fetched, so a visitor without a token goes to /login at once.
 */
export const LazyDashboardPage = lazy(async () => ({ default: (await import('./pages/DashboardPage')).DashboardPage }));
export const LazyNotBuiltPage = lazy(async () => ({ default: (await import('./pages/NotBuiltPage')).NotBuiltPage }));

/** System management (features/system): one chunk per screen. */
export const LazyOrganizationPage = lazy(async () => ({
  default: (await import('../features/system/organization/OrganizationPage')).OrganizationPage,
}));
export const LazyRolePage = lazy(async () => ({ default: (await import('../features/system/role/RolePage')).RolePage }));
export const LazyAdministratorsPage = lazy(async () => ({
  default: (await import('../features/system/administrators/AdministratorsPage')).AdministratorsPage,
}));
export const LazyJournalPage = lazy(async () => ({ default: (await import('../features/system/journal/JournalPage')).JournalPage }));
export const LazySecurityPage = lazy(async () => ({ default: (await import('../features/system/settings/SecurityPage')).SecurityPage }));
export const LazyOrderRulesPage = lazy(async () => ({ default: (await import('../features/system/orderRules/OrderRulesPage')).OrderRulesPage }));
export const LazyBasicSetPage = lazy(async () => ({ default: (await import('../features/system/settings/BasicSetPage')).BasicSetPage }));
export const LazyInterfaceConfigPage = lazy(async () => ({
  default: (await import('../features/system/interface/InterfaceConfigPage')).InterfaceConfigPage,
}));
export const LazyUsagePage = lazy(async () => ({ default: (await import('../features/system/usage/UsagePage')).UsagePage }));
export const LazyMessagePage = lazy(async () => ({ default: (await import('../features/system/message/MessagePage')).MessagePage }));
export const LazySignaturePage = lazy(async () => ({
  default: (await import('../features/system/signature/SignaturePage')).SignaturePage,
}));

/** Content management (features/content): one chunk per screen; the article editor is a chunk of its own. */
export const LazyBannerPage = lazy(async () => ({ default: (await import('../features/content/banner/BannerPage')).BannerPage }));
export const LazyArticlePage = lazy(async () => ({ default: (await import('../features/content/article/ArticlePage')).ArticlePage }));
export const LazyDictionaryPage = lazy(async () => ({
  default: (await import('../features/content/dictionary/DictionaryPage')).DictionaryPage,
}));
/** Partner management (features/partner) and the capital workspace (features/capital). */
export const LazyInsuranceCompanyPage = lazy(async () => ({
  default: (await import('../features/partner/insuranceCompany/InsuranceCompanyPage')).InsuranceCompanyPage,
}));
export const LazyFundSidePage = lazy(async () => ({ default: (await import('../features/partner/fundSide/FundSidePage')).FundSidePage }));
export const LazyAccountInfoPage = lazy(async () => ({
  default: (await import('../features/capital/accountInfo/AccountInfoPage')).AccountInfoPage,
}));
export const LazySignatureInfoPage = lazy(async () => ({
  default: (await import('../features/capital/signatureInfo/SignatureInfoPage')).SignatureInfoPage,
}));
export const LazyContractTemplatePage = lazy(async () => ({
  default: (await import('../features/capital/contractTemplate/ContractTemplatePage')).ContractTemplatePage,
}));
/** Customers (features/customer): the list and a customer's page. */
export const LazyCustomerPage = lazy(async () => ({ default: (await import('../features/customer/CustomerPage')).CustomerPage }));
export const LazyCustomerDetailPage = lazy(async () => ({
  default: (await import('../features/customer/CustomerDetailPage')).CustomerDetailPage,
}));
/** Operations (features/operate): contract templates, notice templates, notice sending. */
export const LazyContractPage = lazy(async () => ({ default: (await import('../features/operate/contract/ContractPage')).ContractPage }));
export const LazyNoticeTemplatePage = lazy(async () => ({
  default: (await import('../features/operate/noticeTemplate/NoticeTemplatePage')).NoticeTemplatePage,
}));
export const LazyNoticeSendPage = lazy(async () => ({ default: (await import('../features/operate/noticeSend/NoticeSendPage')).NoticeSendPage }));
/** Orders, part 1 (features/business): the order lists, allocation and the order page (one chunk each). */
export const LazyRegisteredUserPage = lazy(async () => ({ default: (await import('../features/business/OrderPages')).RegisteredUserPage }));
export const LazyIntakeListPage = lazy(async () => ({ default: (await import('../features/business/OrderPages')).IntakeListPage }));
export const LazyReviewListPage = lazy(async () => ({ default: (await import('../features/business/OrderPages')).ReviewListPage }));
export const LazyAllocationQueuePage = lazy(async () => ({ default: (await import('../features/business/OrderPages')).AllocationQueuePage }));
export const LazyRejectOrderPage = lazy(async () => ({ default: (await import('../features/business/OrderPages')).RejectOrderPage }));
export const LazyComprehensivePage = lazy(async () => ({ default: (await import('../features/business/OrderPages')).ComprehensivePage }));
export const LazyAllocationManagementPage = lazy(async () => ({
  default: (await import('../features/business/AllocationManagementPage')).AllocationManagementPage,
}));
export const LazyOrderDetailPage = lazy(async () => ({ default: (await import('../features/business/OrderDetailPage')).OrderDetailPage }));
/** Orders, part 2 (features/business): the lists of the steps after the provider's acceptance. */
export const LazyDeclarationListPage = lazy(async () => ({ default: (await import('../features/business/StagePages')).DeclarationListPage }));
export const LazyInsureListPage = lazy(async () => ({ default: (await import('../features/business/StagePages')).InsureListPage }));
export const LazyContractListPage = lazy(async () => ({ default: (await import('../features/business/StagePages')).ContractListPage }));
export const LazyDownPaymentListPage = lazy(async () => ({ default: (await import('../features/business/StagePages')).DownPaymentListPage }));
export const LazyDisbursementListPage = lazy(async () => ({ default: (await import('../features/business/StagePages')).DisbursementListPage }));
export const LazyEPolicyListPage = lazy(async () => ({ default: (await import('../features/business/StagePages')).EPolicyListPage }));
/** Repayments (features/business): 还款阶段 and 已结清订单. */
export const LazyRepaymentListPage = lazy(async () => ({ default: (await import('../features/business/StagePages')).RepaymentListPage }));
export const LazySettledListPage = lazy(async () => ({ default: (await import('../features/business/StagePages')).SettledListPage }));
/** 已退保订单 (features/business): SURRENDERED orders. */
export const LazySurrenderedListPage = lazy(async () => ({ default: (await import('../features/business/StagePages')).SurrenderedListPage }));
/** 保费管理 (features/premium): premium payment applications. */
export const LazyPremiumPage = lazy(async () => ({ default: (await import('../features/premium/PremiumPage')).PremiumPage }));
/** 减免申请 (features/waiver): waivers of interest, fee and penalty. */
export const LazyWaiverPage = lazy(async () => ({ default: (await import('../features/waiver/WaiverPage')).WaiverPage }));
/** 追偿申请 (features/recovery): agency, litigation and write-off of the platform's advance claims. */
export const LazyRecoveryPage = lazy(async () => ({ default: (await import('../features/recovery/RecoveryPage')).RecoveryPage }));
/** 退保申请 (features/surrender): surrendering an order's policies and applying the refund. */
export const LazySurrenderPage = lazy(async () => ({ default: (await import('../features/surrender/SurrenderPage')).SurrenderPage }));
/** 逾期管理 (features/overdue): overdue orders and their collection notes. */
export const LazyOverduePage = lazy(async () => ({ default: (await import('../features/overdue/OverduePage')).OverduePage }));
/** 逾期挂账 (features/advance): the instalments the platform advanced and still claims. */
export const LazyAdvancePage = lazy(async () => ({ default: (await import('../features/advance/AdvancePage')).AdvancePage }));
