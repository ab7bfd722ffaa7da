import {
  AccountBookOutlined,
  AppstoreOutlined,
  BankOutlined,
  DashboardOutlined,
  DesktopOutlined,
  FileTextOutlined,
  LineChartOutlined,
  PayCircleOutlined,
  ProfileOutlined,
  ReadOutlined,
  SettingOutlined,
  SolutionOutlined,
  TeamOutlined,
  ApartmentOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';

/** The antd icon of each icon name used in the route table. */
const ICONS: Record<string, ReactNode> = {
  dashboard: <DashboardOutlined />,
  desk: <DesktopOutlined />,
  payment: <PayCircleOutlined />,
  business: <SolutionOutlined />,
  capitalOrder: <ProfileOutlined />,
  capitalAccount: <BankOutlined />,
  repayment: <LineChartOutlined />,
  fund: <AccountBookOutlined />,
  operate: <TeamOutlined />,
  content: <ReadOutlined />,
  partner: <ApartmentOutlined />,
  system: <SettingOutlined />,
  page: <FileTextOutlined />,
};

export function routeIcon(name: string | undefined): ReactNode {
  return name ? (ICONS[name] ?? <AppstoreOutlined />) : undefined;
}
