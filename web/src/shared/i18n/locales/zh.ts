/** The `common` namespace: what the entry chunk needs. Chinese is the reference dictionary. */
export const zh = {
  appTitle: '小蜜蜂任务共享系统',
  pageTitle: '{{page}} - {{app}}',
  loading: '加载中',
  request: {
    tipTitle: '温馨提示',
    sessionExpired: '登录已过期，请重新登录！',
    signedInElsewhere: '当前账号已在他处登录，请您修改密码或重新登录。',
    loggedOutTitle: '确认注销',
    loggedOut: '您已注销，您可以取消以停留在此页或重新登录',
    relogin: '重新登录',
    cancel: '取消',
    ok: '确定',
    error: 'Error',
    timeout: '请求超时',
    serverError: '服务器错误',
    downloadFailed: '文件下载失败，请重试',
  },
  errors: {
    notFoundTitle: '页面不存在',
    notFound: '抱歉，您访问的页面不存在或已被移除。',
    unauthorizedTitle: '无访问权限',
    unauthorized: '抱歉，您没有访问此页面的权限，如有需要请联系管理员。',
    backHome: '返回首页',
    crashedTitle: '页面加载失败',
    crashed: '页面未能正常加载，可能是网络中断或系统刚刚完成升级，请刷新后重试。',
    reload: '刷新页面',
  },
  dashboard: {
    title: '系统首页',
  },
  auth: {
    noMenuPermission: '无法获取登录账号的菜单权限！',
  },
  user: {
    welcome: '欢迎您，{{username}}',
    changePassword: '修改密码',
    logout: '退出登录',
  },
};

type Dictionary<T> = { [K in keyof T]: T[K] extends string ? string : Dictionary<T[K]> };
export type CommonDictionary = Dictionary<typeof zh>;
