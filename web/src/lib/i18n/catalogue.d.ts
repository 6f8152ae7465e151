/** The German catalogue's entries the app uses, compiled at build time (vite.catalogue.ts). */
declare module 'virtual:laden-catalogue' {
  const messages: ReadonlyMap<string, string>;
  export default messages;
}
