import { useTranslation } from "react-i18next";
import { UploadedImage } from "@/components/ui/uploaded-image";
import { ApplicationQueue } from "../../components/application-queue";
import { Facts } from "../../components/facts";

/**
 * The identity queue (reviewer): name, ID number, the applicant's wallet and the two ID images,
 * which the API serves to the applicant and to reviewers only (fetched with this session).
 */
export function IdentityQueue() {
  const { t } = useTranslation();
  return (
    <ApplicationQueue
      queue="identity"
      title={t("console.area.identity")}
      details={(item) => (
        <>
          <Facts
            items={[
              [t("console.field.realName"), item.realName],
              [t("console.field.idNumber"), <span className="mono">{item.idNumber}</span>],
              [t("console.field.wallet"), <span className="mono">{item.address}</span>],
              [t("console.field.userId"), item.userId],
            ]}
          />
          <div className="console-images">
            <UploadedImage
              location={item.frontImage}
              purpose="identity"
              alt={t("console.field.frontImage", { id: item.id })}
              className="console-image"
              testId={`identity-front-${item.id}`}
            />
            <UploadedImage
              location={item.backImage}
              purpose="identity"
              alt={t("console.field.backImage", { id: item.id })}
              className="console-image"
              testId={`identity-back-${item.id}`}
            />
          </div>
        </>
      )}
    />
  );
}
