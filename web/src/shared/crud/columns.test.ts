import { describe, expect, it } from 'vitest';
import { actionsWidth, columnWidth, filterWidth, fitHidden, headerWidth, KIND_WIDTHS, phoneKey, PHONE_KEY_WIDTH, prefsKey, readPrefs, splitActions, statusWidth, stickyOffset, tableWidth, tagWidth, textWidth, writePrefs } from './columns';

describe('column widths', () => {
  it('each kind has its standard width plus the cell padding', () => {
    expect(columnWidth({ title: '创建时间', kind: 'datetime' })).toBe(KIND_WIDTHS.datetime + 32);
    expect(columnWidth({ title: '金额', kind: 'money' })).toBe(KIND_WIDTHS.money + 32);
    expect(columnWidth({ title: '日期', kind: 'date' })).toBe(KIND_WIDTHS.date + 32);
  });

  it('a header never wraps: a long title (Spanish, with sort arrows) widens its column', () => {
    const shape = { title: 'Fecha de creación del registro', kind: 'date' as const, sortable: true };
    expect(columnWidth(shape)).toBe(headerWidth(shape));
    expect(columnWidth(shape)).toBeGreaterThan(KIND_WIDTHS.date + 32);
  });

  it('a middle or small table has less cell padding, so narrower columns', () => {
    expect(columnWidth({ title: '创建时间', kind: 'datetime' }, 16)).toBe(KIND_WIDTHS.datetime + 16);
  });

  it('a declared width wins over the kind, but not over the header', () => {
    expect(columnWidth({ title: '编号', kind: 'code', width: 220 })).toBe(220);
    expect(columnWidth({ title: 'A rather long header title', width: 40 })).toBe(headerWidth({ title: 'A rather long header title' }));
  });

  it('CJK characters count wider than Latin ones', () => {
    expect(textWidth('创建时间')).toBe(56);
    expect(textWidth('Created')).toBeLessThan(textWidth('创建时间创'));
  });
});

describe('tables outside the list page', () => {
  it('a tag is its label at 12 px plus its padding and border', () => {
    expect(tagWidth('已核保')).toBe(36 + 16);
    expect(tagWidth('Underwritten')).toBe(textWidth('Underwritten', 12) + 16);
  });

  it('a status column fits its longest tag: wider than the kind for a long English label, the kind for short ones', () => {
    expect(statusWidth('状态', ['已报价', '已核保', '已出单'], 16)).toBe(KIND_WIDTHS.status + 16);
    const english = statusWidth('Status', ['Quoted', 'Underwritten', 'Issued'], 16);
    expect(english).toBe(tagWidth('Underwritten') + 16);
    expect(english).toBeGreaterThan(KIND_WIDTHS.status + 16);
    // Never narrower than its header.
    expect(statusWidth('Estado de la póliza emitida', ['Emitida'], 16)).toBe(headerWidth({ title: 'Estado de la póliza emitida' }, 16));
  });

  it("the table's scroll width is its columns' widths added up", () => {
    expect(tableWidth([{ width: 160 }, { width: 136 }, {}, { width: '20%' }, { width: 106 }])).toBe(402);
  });
});

describe('row actions', () => {
  it('up to two stay links; more than two keep the first two and put the rest in 更多', () => {
    expect(splitActions(['编辑', '删除'])).toEqual({ links: ['编辑', '删除'], more: [] });
    expect(splitActions(['编辑', '停用', '重置密码', '强制下线'])).toEqual({ links: ['编辑', '停用'], more: ['重置密码', '强制下线'] });
    expect(splitActions(['a', 'b', 'c'], 1)).toEqual({ links: ['a'], more: ['b', 'c'] });
  });

  it('the actions column is as wide as the widest row of links (and its 更多)', () => {
    const narrow = actionsWidth([{ links: ['编辑'], more: false }], '更多', '操作');
    const wide = actionsWidth([{ links: ['编辑'], more: false }, { links: ['编辑', '启用'], more: true }], '更多', '操作');
    expect(wide).toBeGreaterThan(narrow);
    expect(actionsWidth([], 'More', 'Actions')).toBe(headerWidth({ title: 'Actions' }));
  });
});

describe('column settings storage', () => {
  it('is keyed by user and route and survives a round trip', () => {
    const key = prefsKey('alice', '/systemManagement/role');
    expect(key).toBe('beehive.list:alice:/systemManagement/role');
    writePrefs(localStorage, key, { hidden: ['description'], density: 'small' });
    expect(readPrefs(localStorage, key)).toEqual({ hidden: ['description'], density: 'small' });
    writePrefs(localStorage, key, {});
    expect(localStorage.getItem(key)).toBeNull();
  });

  it('ignores what it cannot read', () => {
    localStorage.setItem('k', '{not json');
    expect(readPrefs(localStorage, 'k')).toEqual({});
    localStorage.setItem('k', JSON.stringify({ hidden: [1, 'a'], density: 'huge' }));
    expect(readPrefs(localStorage, 'k')).toEqual({ hidden: ['a'] });
  });
});

describe('the sticky table header', () => {
  it('stops below the shell header when it is fixed (with or without the tags bar), else at the top', () => {
    expect(stickyOffset({ fixedHeader: false, tagsView: true })).toBe(0);
    expect(stickyOffset({ fixedHeader: true, tagsView: true })).toBe(84);
    expect(stickyOffset({ fixedHeader: true, tagsView: false })).toBe(50);
  });
});

describe('phoneKey', () => {
  it("caps only a phone's fixed key column, leaving the rest of a 414 px row room to scroll", () => {
    expect(phoneKey(true, 220)).toBe(PHONE_KEY_WIDTH);
    expect(phoneKey(true, 120)).toBe(120);
    expect(phoneKey(false, 220)).toBe(220);
    expect(PHONE_KEY_WIDTH).toBeLessThan(414 / 2);
  });
});

describe('fitHidden: optional columns give way when the list is wider than its screen', () => {
  const columns = [
    { key: 'name', width: 300 },
    { key: 'createdAt', width: 184, optional: true },
    { key: 'status', width: 120 },
    { key: 'updatedAt', width: 184, optional: true },
    { key: 'remark', width: 200 },
  ];

  it('hides nothing when everything fits or the width is not known yet', () => {
    expect(fitHidden(columns, 150, 1200)).toEqual([]);
    expect(fitHidden(columns, 150, 0)).toEqual([]);
  });

  it('hides the last optional column first, then the one before it, only as many as needed', () => {
    // 988 + 150 = 1138: 100 px too wide for 1038; one column (184) is enough.
    expect(fitHidden(columns, 150, 1038)).toEqual(['updatedAt']);
    // 1138 - 184 = 954 still over 900: the earlier optional one goes too.
    expect(fitHidden(columns, 150, 900)).toEqual(['updatedAt', 'createdAt']);
  });

  it('never hides a column that is not optional, even when the table still does not fit', () => {
    expect(fitHidden(columns, 150, 500)).toEqual(['updatedAt', 'createdAt']);
  });
});

describe('filterWidth', () => {
  it('keeps 180 px for a short placeholder and grows for a longer one, up to 280', () => {
    expect(filterWidth('请输入姓名')).toBe(180);
    const english = filterWidth('Enter customer name');
    expect(english).toBeGreaterThan(180);
    expect(english).toBeGreaterThanOrEqual(textWidth('Enter customer name') + 44);
    expect(filterWidth('Enter the unified social credit code of the enterprise')).toBe(280);
  });

  it("keeps a screen's declared width unless the placeholder needs more", () => {
    expect(filterWidth('请选择结果', 120)).toBe(120);
    expect(filterWidth('Select Outcome', 120)).toBe(textWidth('Select Outcome') + 44);
    expect(filterWidth('短', 240)).toBe(240);
  });
});
