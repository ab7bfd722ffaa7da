import type { CommonDictionary } from './zh';

export const ja: CommonDictionary = {
  appTitle: 'ミツバチタスク共有システム',
  pageTitle: '{{page}} - {{app}}',
  loading: '読み込み中',
  request: {
    tipTitle: 'お知らせ',
    sessionExpired: 'ログインの有効期限が切れました。もう一度ログインしてください。',
    signedInElsewhere:
      'このアカウントは別の場所でログインされました。パスワードを変更するか、もう一度ログインしてください。',
    loggedOutTitle: 'ログアウトの確認',
    loggedOut:
      'ログアウトされました。キャンセルしてこのページに留まるか、もう一度ログインしてください。',
    relogin: '再ログイン',
    cancel: 'キャンセル',
    ok: 'OK',
    error: 'エラー',
    timeout: 'リクエストがタイムアウトしました',
    serverError: 'サーバーエラー',
    downloadFailed: 'ファイルをダウンロードできませんでした。もう一度お試しください。',
  },
  errors: {
    notFoundTitle: 'ページが見つかりません',
    notFound: '申し訳ありません。お探しのページは存在しないか、削除されました。',
    unauthorizedTitle: 'アクセス権がありません',
    unauthorized:
      '申し訳ありません。このページを表示する権限がありません。必要な場合は管理者にお問い合わせください。',
    backHome: 'ホームに戻る',
    crashedTitle: 'ページを読み込めませんでした',
    crashed:
      'ページを読み込めませんでした。ネットワークが切断されたか、システムが更新された可能性があります。再読み込みしてもう一度お試しください。',
    reload: '再読み込み',
  },
  dashboard: {
    title: 'ホーム',
  },
  auth: {
    noMenuPermission: 'ログインアカウントのメニュー権限を取得できません！',
  },
  user: {
    welcome: 'ようこそ、{{username}}さん',
    changePassword: 'パスワード変更',
    logout: 'ログアウト',
  },
};
