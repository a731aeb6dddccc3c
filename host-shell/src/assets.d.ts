/** A stylesheet imported by the host's code is emitted as a file of its own; the import is its URL. */
declare module '*.css' {
  const url: string;
  export default url;
}
