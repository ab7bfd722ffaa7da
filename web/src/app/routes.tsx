import type { ComponentType } from 'react';
import { RedirectRoute } from '../shared/routing/RedirectRoute';
import { BUILT_SCREENS, routeTable, type BuiltScreen } from '../shared/routing/routes';
import type { ScreenEntry } from '../shared/routing/table';
import type { AppRoute } from './router';
import {
  LazyAccountInfoPage,
  LazyAdministratorsPage,
  LazyAppLayout,
  LazyArticlePage,
  LazyBannerPage,
  LazyContractPage,
  LazyDashboardPage,
  LazyDictionaryPage,
  LazyFundSidePage,
  LazyInsuranceCompanyPage,
  LazyInterfaceConfigPage,
  LazyJournalPage,
  LazyBasicSetPage,
  LazyCustomerDetailPage,
  LazyCustomerPage,
  LazySecurityPage,
  LazyMessagePage,
  LazyNoticeSendPage,
  LazyNoticeTemplatePage,
  LazyNotBuiltPage,
  LazyOrganizationPage,
  LazyOrderRulesPage,
  LazyRolePage,
  LazySignatureInfoPage,
  LazyContractTemplatePage,
  LazySignaturePage,
  LazyUsagePage,
  SectionIndex,
  LazyRegisteredUserPage,
  LazyIntakeListPage,
  LazyReviewListPage,
  LazyAllocationQueuePage,
  LazyRejectOrderPage,
  LazyComprehensivePage,
  LazyAllocationManagementPage,
  LazyOrderDetailPage,
  LazyDeclarationListPage,
  LazyInsureListPage,
  LazyContractListPage,
  LazyDownPaymentListPage,
  LazyDisbursementListPage,
  LazyEPolicyListPage,
  LazyRepaymentListPage,
  LazySettledListPage,
  LazyPremiumPage,
  LazyWaiverPage,
  LazyRecoveryPage,
  LazySurrenderPage,
  LazySurrenderedListPage,
  LazyOverduePage,
  LazyAdvancePage,
} from './workspaceElements';

/**
 * The binding of pages to the route table (`shared/routing/routes.ts`, the data: paths, label keys,
 * icons, permissions, flags): the lazy page of every built screen, and the workspace route.
 */
const BUILT_PAGES: Record<BuiltScreen, ComponentType> = {
  dashboard: LazyDashboardPage,
  organization: LazyOrganizationPage,
  role: LazyRolePage,
  administrators: LazyAdministratorsPage,
  journal: LazyJournalPage,
  basicSet: LazyBasicSetPage,
  security: LazySecurityPage,
  orderRules: LazyOrderRulesPage,
  message: LazyMessagePage,
  interfaceConfig: LazyInterfaceConfigPage,
  verification: LazyUsagePage,
  signatureConfigure: LazySignaturePage,
  banner: LazyBannerPage,
  advertisingSpace: LazyArticlePage,
  dataDispose: LazyDictionaryPage,
  insuranceCompany: LazyInsuranceCompanyPage,
  fundSide: LazyFundSidePage,
  accountInfo: LazyAccountInfoPage,
  signatureInfo: LazySignatureInfoPage,
  contractTemplate: LazyContractTemplatePage,
  customerManagement: LazyCustomerPage,
  customerDetail: LazyCustomerDetailPage,
  contract: LazyContractPage,
  noticeTemplate: LazyNoticeTemplatePage,
  noticeSend: LazyNoticeSendPage,
  registeredUser: LazyRegisteredUserPage,
  order: LazyIntakeListPage,
  reviewOrder: LazyReviewListPage,
  allocationQueue: LazyAllocationQueuePage,
  allocationManagement: LazyAllocationManagementPage,
  comprehensive: LazyComprehensivePage,
  rejectOrder: LazyRejectOrderPage,
  orderDetail: LazyOrderDetailPage,
  orderStatement: LazyDeclarationListPage,
  insuranceForm: LazyInsureListPage,
  contractSigning: LazyContractListPage,
  downPayments: LazyDownPaymentListPage,
  loanConfirmation: LazyDisbursementListPage,
  electronicInsurance: LazyEPolicyListPage,
  repaymentOrder: LazyRepaymentListPage,
  settleOrder: LazySettledListPage,
  surrenderOrder: LazySurrenderedListPage,
  premiumManagement: LazyPremiumPage,
  exemptionApplication: LazyWaiverPage,
  recoveryApplication: LazyRecoveryPage,
  surrenderApplication: LazySurrenderPage,
  overdueManagement: LazyOverduePage,
  overdueAccount: LazyAdvancePage,
};

function isBuilt(name: string): name is BuiltScreen {
  return (BUILT_SCREENS as readonly string[]).includes(name);
}

function screenRoute(entry: ScreenEntry): AppRoute {
  return {
    path: entry.path,
    handle: entry.meta,
    Component: isBuilt(entry.name) ? BUILT_PAGES[entry.name] : LazyNotBuiltPage,
  };
}

/** The workspace: the shell (a lazy chunk) around /redirect and every screen of the table. */
export const workspaceRoute: AppRoute = {
  element: <LazyAppLayout />,
  children: [
    { path: '/redirect/*', element: <RedirectRoute /> },
    ...routeTable.flatMap((entry): AppRoute[] => {
      if (entry.kind === 'screen') return [screenRoute(entry)];
      const own: AppRoute[] = entry.path
        ? [{ path: entry.path, handle: entry.meta, element: <SectionIndex entry={entry} /> }]
        : [];
      return [...own, { handle: entry.meta, children: entry.children.map(screenRoute) }];
    }),
  ],
};
