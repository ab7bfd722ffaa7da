import { describe, expect, it } from 'vitest';
import { routeTable } from '../app/routes';
import { allScreens } from '../shared/routing/table';
import { dictionaryKeys, dictionaryText } from '../test/dictionaries';
import { shellDictionaries } from './locales';

describe('shell dictionaries (en, zh, es, ja)', () => {
  const { zh, en, es, ja } = shellDictionaries;

  it.each([
    ['en', en],
    ['es', es],
    ['ja', ja],
  ])('%s has exactly the keys of zh, none empty', (_lang, dictionary) => {
    expect(dictionaryKeys(dictionary)).toEqual(dictionaryKeys(zh));
    for (const key of dictionaryKeys(dictionary)) expect(String(dictionaryText(dictionary, key)).trim()).not.toBe('');
  });

  it('every route of the table has a label in every language', () => {
    const titles = [...routeTable.map((entry) => entry.meta.title), ...allScreens(routeTable).map((s) => s.meta.title)];
    for (const dictionary of [zh, en, es, ja]) {
      for (const title of titles) expect(typeof dictionaryText(dictionary, title), title).toBe('string');
    }
  });

  it("uses the spec's wording for the shell messages", () => {
    expect(en.navbar.fullscreenUnsupported).toBe('you browser can not work');
    expect(en.settings.compiling).toBe('Compiling the theme');
    expect([zh.tags.refresh, zh.tags.close, zh.tags.closeOthers, zh.tags.closeAll]).toEqual(['刷新', '关闭', '关闭其他', '关闭所有']);
    expect(zh.route.dashboard).toBe('系统首页');
  });
});

describe('route table (spec §2.3)', () => {
  it('lists every screen once, with a unique path', () => {
    const screens = allScreens(routeTable);
    expect(screens).toHaveLength(66);
    expect(new Set(screens.map((s) => s.path)).size).toBe(screens.length);
    expect(new Set(screens.map((s) => s.name)).size).toBe(screens.length);
  });

  it('the dashboard (affix, open to everyone) and the built screens are the built ones', () => {
    const built = allScreens(routeTable).filter((s) => s.built);
    expect(built.map((s) => [s.path, s.meta.affix ?? false, s.meta.permission])).toEqual([
      ['/dashboard', true, undefined],
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
});
