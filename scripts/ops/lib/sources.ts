import type { AppConfig } from "../../../server/config";
import { uploadsDir } from "../../../server/modules/uploads/upload.service";
import type { BackupSources } from "./backup-run";

/** The API's own configuration says where its data is: the same environment, the same places. */
export function sourcesOf(config: AppConfig): BackupSources {
  return {
    database: config.databaseUrl
      ? { dialect: "postgres", url: config.databaseUrl }
      : { dialect: "sqlite", file: config.sqliteFile },
    uploadsDir: uploadsDir(config.dataDir),
  };
}
