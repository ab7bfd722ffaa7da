import { ConfigProvider, message, Modal } from 'antd';
import { createElement } from 'react';
import { antdButton, antdTheme } from '../ui/theme';

/** The antd pieces the notifier needs, imported by name so that the chunk holds only those. */

// Static methods render outside the React tree; this gives them the app theme.
ConfigProvider.config({
  holderRender: (children) => createElement(ConfigProvider, { theme: antdTheme, button: antdButton }, children),
});

export { message, Modal };
