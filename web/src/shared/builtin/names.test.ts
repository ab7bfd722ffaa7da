import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../i18n/languages';
import { BUILT_IN_NAMES, builtInName } from './names';

describe('built-in names', () => {
  it('names the super-administrator role in each language while its name is the default', () => {
    expect(builtInName('role', 'super_admin', '超级管理员', 'zh')).toBe('超级管理员');
    expect(builtInName('role', 'super_admin', '超级管理员', 'en')).toBe('Super administrator');
    expect(builtInName('role', 'super_admin', '超级管理员', 'es')).toBe('Superadministrador');
    expect(builtInName('role', 'super_admin', '超级管理员', 'ja')).toBe('スーパー管理者');
  });

  it("greets the first administrator by its default name in the user's language, anyone else as named", () => {
    expect(builtInName('person', 'admin', '超级管理员', 'en')).toBe('Super administrator');
    expect(builtInName('person', 'admin', '超级管理员', 'ja')).toBe('スーパー管理者');
    expect(builtInName('person', 'admin', '王建国', 'en')).toBe('王建国');
    expect(builtInName('person', 'ops01', '超级管理员', 'en')).toBe('超级管理员');
  });

  it('templates by their code', () => {
    expect(builtInName('contractTemplate', 'BUILTIN_LOAN_CONTRACT', '保费分期借款合同', 'en')).toBe('Premium instalment loan contract');
    expect(builtInName('noticeTemplate', 'DEMAND_NOTICE', '逾期催告函（退保前）', 'ja')).toBe('延滞催告書（解約前）');
    expect(builtInName('smsTemplate', 'LOGIN_CODE', '登录验证码', 'es')).toBe('Código de acceso');
  });

  it("dictionary types: the remark (stored in Chinese only) and the Spanish and Japanese names", () => {
    expect(builtInName('dictTypeRemark', 'customer_kind', '个人或企业客户', 'en')).toBe('Individual or enterprise customer');
    expect(builtInName('dictTypeRemark', 'customer_kind', '个人或企业客户', 'zh')).toBe('个人或企业客户');
    expect(builtInName('dictTypeRemark', 'banner_position', '广告展示的位置，可自行增加', 'ja')).toBe('広告を表示する位置。独自に追加できます');
    expect(builtInName('dictTypeRemark', 'customer_kind', '个人、个体户或企业客户', 'en')).toBe('个人、个体户或企业客户');
    expect(builtInName('dictType', 'vehicle_usage', '车辆使用性质', 'es')).toBe('Uso del vehículo');
    expect(builtInName('dictType', 'surrender_reason', '退保原因', 'ja')).toBe('解約理由');
  });

  it('keeps a renamed built-in record and every other record as stored', () => {
    expect(builtInName('contractTemplate', 'BUILTIN_LOAN_CONTRACT', '借款合同（2026 版）', 'en')).toBe('借款合同（2026 版）');
    expect(builtInName('role', 'editor', '超级管理员', 'en')).toBe('超级管理员');
    expect(builtInName('smsTemplate', 'REPAY_DUE', '还款提醒', 'ja')).toBe('还款提醒');
    expect(builtInName('role', undefined, '超级管理员', 'en')).toBe('超级管理员');
    expect(builtInName('role', 'constructor', 'x', 'en')).toBe('x');
    // The code belongs to one kind: a notice template named like a contract template stays.
    expect(builtInName('noticeTemplate', 'BUILTIN_LOAN_CONTRACT', '保费分期借款合同', 'en')).toBe('保费分期借款合同');
  });

  it('an unknown language reads English', () => {
    expect(builtInName('role', 'super_admin', '超级管理员', 'fr')).toBe('Super administrator');
  });

  it('every built-in record has a name in each language, and none twice in a language of one kind', () => {
    for (const kind of Object.values(BUILT_IN_NAMES)) {
      for (const language of LANGUAGES) {
        const names = Object.values(kind).map((names) => names[language]);
        for (const name of names) expect(name.trim()).not.toBe('');
        expect(new Set(names).size).toBe(names.length);
      }
    }
  });
});

describe('the Chinese names are the ones the server stores', () => {
  const crates = join(__dirname, '..', '..', '..', '..', 'crates');
  const read = (path: string) => readFileSync(join(crates, path), 'utf8').replace(/\s+/g, ' ');
  const quoted = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

  it('the super-administrator role (bootstrap.rs)', () => {
    const source = read('service/src/system/bootstrap.rs');
    expect(source).toContain('SUPER_ROLE_CODE: &str = "super_admin"');
    expect(source).toContain(`SUPER_ROLE_NAME: &str = "${BUILT_IN_NAMES.role.super_admin?.zh}"`);
    expect(source).toContain('code: Set(SUPER_ROLE_CODE.to_owned()), name: Set(SUPER_ROLE_NAME.to_owned())');
    expect(source).toContain(`description: Set("${BUILT_IN_NAMES.roleDescription.super_admin?.zh}".to_owned())`);
  });

  it('the dictionary types, their English names and remarks (m0009), every seeded type', () => {
    const source = read('store/src/migration/m0009_content.rs');
    const seeded = [...source.matchAll(/\( "([a-z_]+)", "([^"]+)", "([^"]+)", "([^"]+)", &\[/g)].map(([, code, zh, en, remark]) => ({ code, zh, en, remark }));
    expect(seeded.map((type) => type.code).sort()).toEqual(Object.keys(BUILT_IN_NAMES.dictType).sort());
    expect(Object.keys(BUILT_IN_NAMES.dictTypeRemark).sort()).toEqual(Object.keys(BUILT_IN_NAMES.dictType).sort());
    for (const { code, zh, en, remark } of seeded) {
      expect(BUILT_IN_NAMES.dictType[code], code).toMatchObject({ zh, en });
      expect(BUILT_IN_NAMES.dictTypeRemark[code]?.zh, code).toBe(remark);
    }
  });

  it('the SMS, notice and contract templates (migrations)', () => {
    const migrations = ['m0005_providers.rs', 'm0016_orders_part2.rs', 'm0023_settlement_certificate.rs', 'm0024_surrenders.rs']
      .map((file) => read(`store/src/migration/${file}`))
      .join('\n');
    for (const kind of ['smsTemplate', 'noticeTemplate', 'contractTemplate'] as const) {
      for (const [code, names] of Object.entries(BUILT_IN_NAMES[kind])) {
        expect(migrations, `${kind} ${code}`).toMatch(new RegExp(`["']${quoted(code)}["'], ["']${quoted(names.zh)}["']`));
      }
    }
  });
});
