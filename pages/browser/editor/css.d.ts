// Stylesheets are imported for the bundler, which writes them beside the script.
declare module "*.css";
