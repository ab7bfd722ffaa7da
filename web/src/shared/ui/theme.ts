import type { ThemeConfig } from 'antd';

/** Spec §9: default theme colour. */
export const DEFAULT_PRIMARY_COLOR = '#349cff';

export const antdTheme: ThemeConfig = {
  token: { colorPrimary: DEFAULT_PRIMARY_COLOR },
};

/** Button texts exactly as written (antd would otherwise render '取消' as '取 消'). */
export const antdButton = { autoInsertSpace: false };
