import { SettingOutlined } from '@ant-design/icons';
import { App, ColorPicker, Drawer, Switch } from 'antd';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { uiActions, useUi, type PanelSettings } from '../shared/settings/store';
import { SHELL_NS } from './locales';

/** Preset theme colours offered next to the free picker (the default first). */
const PRESETS = ['#349cff', '#1890ff', '#304156', '#13c2c2', '#52c41a', '#fa541c', '#eb2f96', '#722ed1'];

type SwitchKey = Exclude<keyof PanelSettings, 'theme'>;

/**
 * The settings panel (the product specification): a gear button in the top bar (not floating over the
 * page's right edge, where it covered the tables' actions) opens a drawer with the
 * theme colour (applied at once through antd's tokens, with the message 'Compiling the theme') and
 * the tags-view, fixed-header and sidebar-logo switches.
 */
export function SettingsPanel() {
  const { t } = useTranslation(SHELL_NS);
  const { message } = App.useApp();
  const { settings } = useUi();
  const [open, setOpen] = useState(false);

  const changeTheme = (hex: string) => {
    if (hex.toLowerCase() === settings.theme.toLowerCase()) return;
    void message.open({ type: 'loading', content: t('settings.compiling'), duration: 1.2, key: 'bh-theme' });
    uiActions.changeSetting('theme', hex);
  };

  return (
    <>
      <button
        type="button"
        className="bh-navbar__item bh-settings-button"
        aria-label={t('settings.open')}
        title={t('settings.open')}
        onClick={() => setOpen(true)}
      >
        <SettingOutlined />
      </button>
      <Drawer title={t('settings.title')} placement="right" size={280} open={open} onClose={() => setOpen(false)}>
        <div className="bh-settings">
          <div className="bh-settings__row">
            <span>{t('settings.theme')}</span>
            <ColorPicker
              value={settings.theme}
              disabledAlpha
              presets={[{ label: t('settings.theme'), colors: PRESETS }]}
              onChangeComplete={(color) => changeTheme(color.toHexString())}
              aria-label={t('settings.theme')}
            />
          </div>
          <SettingSwitch name="tagsView" label={t('settings.tagsView')} />
          <SettingSwitch name="fixedHeader" label={t('settings.fixedHeader')} />
          <SettingSwitch name="sidebarLogo" label={t('settings.sidebarLogo')} />
        </div>
      </Drawer>
    </>
  );
}

function SettingSwitch({ name, label }: { name: SwitchKey; label: string }) {
  const { settings } = useUi();
  const id = useId();
  return (
    <div className="bh-settings__row">
      <label htmlFor={id}>{label}</label>
      <Switch id={id} checked={settings[name]} onChange={(checked) => uiActions.changeSetting(name, checked)} />
    </div>
  );
}
