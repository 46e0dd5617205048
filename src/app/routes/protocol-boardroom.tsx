import { BoardroomScreen } from "@/features/boardroom/components/boardroom-screen";

/** /pages/protocol/boardroom */
export default function ProtocolBoardroomRoute() {
  return <BoardroomScreen />;
}
