import { describe, expect, it } from 'vitest';
import { allScreens, pathMatches, permittedMenu, sectionOf, trailOf, type ScreenEntry, type TableEntry } from './table';

const screen = (name: string, path: string, permission?: string, hidden?: boolean): ScreenEntry => ({
  kind: 'screen',
  name,
  path,
  meta: { title: `route.${name}`, permission, hidden },
  built: false,
});

const table: TableEntry[] = [
  screen('dashboard', '/dashboard'),
  screen('workbench', '/workbench', 'admin:statistics:wait'),
  {
    kind: 'section',
    name: 'business',
    path: '/business',
    meta: { title: 'route.business', permission: 'admin:assignment_queue:table' },
    children: [
      screen('allocationQueue', '/business/allocationQueue'),
      screen('order', '/business/order', 'admin:order_info:table'),
    ],
  },
  {
    kind: 'section',
    name: 'content',
    meta: { title: 'route.content' },
    children: [screen('banner', '/content/banner', 'admin:banner:table'), screen('dataDispose', '/dataDispose', 'admin:dictionary:table')],
  },
  { kind: 'section', name: 'secret', meta: { title: 'route.secret' }, children: [screen('hiddenOne', '/secret/x', undefined, true)] },
];

const names = (entries: TableEntry[]) =>
  entries.map((e) => (e.kind === 'screen' ? e.name : `${e.name}[${e.children.map((c) => c.name).join(',')}]`));

describe('permittedMenu (route filter)', () => {
  it.each<[string, string[], string[]]>([
    ['no permission: only the open screens', [], ['dashboard']],
    ['a screen permission shows that screen', ['admin:statistics:wait'], ['dashboard', 'workbench']],
    ['a section permission shows its open screens', ['admin:assignment_queue:table'], ['dashboard', 'business[allocationQueue]']],
    ['a child permission without the section permission shows nothing of the section', ['admin:order_info:table'], ['dashboard']],
    ['section and child permission', ['admin:assignment_queue:table', 'admin:order_info:table'], ['dashboard', 'business[allocationQueue,order]']],
    ['a section without its own permission shows the permitted children', ['admin:dictionary:table'], ['dashboard', 'content[dataDispose]']],
  ])('%s', (_name, held, expected) => {
    expect(names(permittedMenu(table, held))).toEqual(expected);
  });

  it('a section whose children are all hidden or forbidden disappears', () => {
    const everything = ['admin:statistics:wait', 'admin:assignment_queue:table', 'admin:order_info:table', 'admin:banner:table', 'admin:dictionary:table'];
    expect(names(permittedMenu(table, everything))).toEqual([
      'dashboard',
      'workbench',
      'business[allocationQueue,order]',
      'content[banner,dataDispose]',
    ]);
  });
});

describe('lookups', () => {
  it('trailOf gives the section and the screen', () => {
    expect(trailOf(table, '/business/order').map((e) => e.name)).toEqual(['business', 'order']);
    expect(trailOf(table, '/dashboard').map((e) => e.name)).toEqual(['dashboard']);
    expect(trailOf(table, '/nope')).toEqual([]);
    expect(sectionOf(table, '/dataDispose')?.name).toBe('content');
    expect(sectionOf(table, '/dashboard')).toBeUndefined();
  });

  it('a detail route matches its records: one segment per `:name`', () => {
    expect(pathMatches('/operate/customerManagement/detail/:id', '/operate/customerManagement/detail/12')).toBe(true);
    expect(pathMatches('/operate/customerManagement/detail/:id', '/operate/customerManagement/detail')).toBe(false);
    expect(pathMatches('/operate/customerManagement/detail/:id', '/operate/customerManagement/detail/12/x')).toBe(false);
    expect(pathMatches('/operate/customerManagement/detail/:id', '/operate/customerManagement/detail/')).toBe(false);
    expect(pathMatches('/business/order', '/business/order')).toBe(true);
    expect(pathMatches('/business/order', '/business/orders')).toBe(false);
  });

  it('allScreens lists every screen in menu order', () => {
    expect(allScreens(table).map((s) => s.name)).toEqual(['dashboard', 'workbench', 'allocationQueue', 'order', 'banner', 'dataDispose', 'hiddenOne']);
  });
});

describe('menuKeyOf (the highlighted sidebar item)', () => {
  it('a detail page highlights its list; a list highlights itself', async () => {
    const { routeTable } = await import('./routes');
    const { menuKeyOf } = await import('./table');
    expect(menuKeyOf(routeTable, '/operate/customerManagement/detail/12')).toBe('/operate/customerManagement');
    expect(menuKeyOf(routeTable, '/systemManagement/role')).toBe('/systemManagement/role');
    expect(menuKeyOf(routeTable, '/nowhere')).toBe('/nowhere');
  });

  it('every hidden screen names a visible screen of the table as its list', async () => {
    const { routeTable } = await import('./routes');
    const screens = allScreens(routeTable);
    for (const screen of screens.filter((s) => s.meta.hidden)) {
      const list = screens.find((s) => s.path === screen.meta.activeMenu);
      expect(list, `${screen.name} → ${screen.meta.activeMenu}`).toBeDefined();
      expect(list?.meta.hidden).toBeFalsy();
    }
  });
});

describe('builtShortcuts (the dashboard)', () => {
  it('lists only built screens, by section, and drops sections with none built', async () => {
    const { routeTable } = await import('./routes');
    const { builtShortcuts } = await import('./table');
    const groups = builtShortcuts(routeTable);
    expect(groups.every((group) => group.screens.every((s) => s.built && !s.meta.hidden))).toBe(true);
    const names = groups.map((group) => group.section.name);
    expect(names).toContain('systemManagement');
    expect(names).not.toContain('fund'); // nothing of 财务管理 is built yet
    const business = groups.find((group) => group.section.name === 'business');
    expect(business?.screens.map((s) => s.name)).toEqual([
      'allocationQueue',
      'registeredUser',
      'order',
      'reviewOrder',
      'allocationManagement',
      'orderStatement',
      'insuranceForm',
      'contractSigning',
      'downPayments',
      'loanConfirmation',
      'electronicInsurance',
      'repaymentOrder',
      'settleOrder',
      'surrenderOrder',
      'comprehensive',
      'overdueManagement',
      'exemptionApplication',
      'recoveryApplication',
      'surrenderApplication',
      'overdueAccount',
    ]);
    const operate = groups.find((group) => group.section.name === 'operate');
    expect(operate?.screens.map((s) => s.name)).toEqual(['customerManagement', 'contract', 'noticeTemplate', 'noticeSend']);
  });
});
