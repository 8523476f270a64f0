declare module "nodemailer/lib/addressparser" {
  function addressparser(
    input: string,
    options?: { flatten?: boolean },
  ): { name: string; address: string; group?: unknown[] }[];
  export default addressparser;
}
