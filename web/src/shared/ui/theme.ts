import type { ThemeConfig } from 'antd';

/** Spec §9: default theme colour. */
export const DEFAULT_PRIMARY_COLOR = '#349cff';

/**
 * The one font stack of the workspace, for Latin and CJK text alike: antd's components get it as
 * their `fontFamily` token and the page (`app/global.css`, `body`) has the same list, so a table,
 * a button and a plain paragraph render the same glyphs. Latin faces first (their Latin glyphs are
 * better than the CJK faces'), then the CJK faces of each platform.
 */
export const FONT_FAMILY =
  "-apple-system, BlinkMacSystemFont, 'Segoe UI', 'PingFang SC', 'Hiragino Sans GB', 'Hiragino Sans', 'Microsoft YaHei', 'Noto Sans CJK SC', 'Noto Sans SC', 'Helvetica Neue', Arial, sans-serif";

/**
 * antd's tokens for a theme colour: the primary colour and the link / info colours, which antd
 * derives from its own blue (#1677ff) otherwise, so that links (table actions, Typography.Link,
 * plain `<a>`) follow the settings panel's colour too.
 */
export function themeTokens(primary: string): NonNullable<ThemeConfig['token']> {
  return { colorPrimary: primary, colorInfo: primary, colorLink: primary, fontFamily: FONT_FAMILY };
}

export const antdTheme: ThemeConfig = {
  token: themeTokens(DEFAULT_PRIMARY_COLOR),
};

/** Button texts exactly as written (antd would otherwise render '取消' as '取 消'). */
export const antdButton = { autoInsertSpace: false };
