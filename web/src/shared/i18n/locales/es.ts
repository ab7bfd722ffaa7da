import type { CommonDictionary } from './zh';

export const es: CommonDictionary = {
  appTitle: 'Sistema Abeja de Tareas Compartidas',
  pageTitle: '{{page}} - {{app}}',
  loading: 'Cargando',
  request: {
    tipTitle: 'Aviso',
    sessionExpired: 'Su sesión ha caducado. Vuelva a iniciar sesión.',
    signedInElsewhere:
      'Esta cuenta ha iniciado sesión en otro lugar. Cambie su contraseña o vuelva a iniciar sesión.',
    loggedOutTitle: 'Confirmar cierre de sesión',
    loggedOut:
      'Se ha cerrado su sesión. Puede cancelar para permanecer en esta página o volver a iniciar sesión.',
    relogin: 'Volver a iniciar sesión',
    cancel: 'Cancelar',
    ok: 'Aceptar',
    error: 'Error',
    timeout: 'La solicitud ha excedido el tiempo de espera',
    serverError: 'Error del servidor',
    downloadFailed: 'No se pudo descargar el archivo. Inténtelo de nuevo.',
  },
  errors: {
    notFoundTitle: 'Página no encontrada',
    notFound: 'Lo sentimos, la página que ha visitado no existe o ha sido eliminada.',
    unauthorizedTitle: 'Acceso denegado',
    unauthorized:
      'Lo sentimos, no tiene permiso para ver esta página. Si lo necesita, contacte con un administrador.',
    backHome: 'Volver al inicio',
    crashedTitle: 'No se pudo cargar la página',
    crashed:
      'La página no se pudo cargar. Es posible que la red no esté disponible o que el sistema se acabe de actualizar. Recargue e inténtelo de nuevo.',
    reload: 'Recargar',
  },
  dashboard: {
    title: 'Inicio',
  },
  auth: {
    noMenuPermission: '¡No se pudieron obtener los permisos de menú de la cuenta!',
  },
  user: {
    welcome: 'Bienvenido, {{username}}',
    changePassword: 'Cambiar contraseña',
    logout: 'Cerrar sesión',
  },
};
