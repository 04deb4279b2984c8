#include "lessons.h"

#include "contract.h"
#include "map.h"
#include "notation.h"
#include "report.h"
#include "setup.h"
#include "text_lines.h"
#include "translate.h"

namespace colonial {

namespace {

using text::tr;

// Each lesson's goal: the checks a try must pass, each with what the player
// reads when it fails.
constexpr GoalCheck kMoveAndHold[] = {
    {GoalKind::UnitIn, "Russia", UnitType::Army, "PRM", 0,
     N_("No Russian army reached Perm: choose the army in Moscow, then Move, then Perm.")},
    {GoalKind::UnitIn, "Russia", UnitType::Army, "OMS", 0,
     N_("Omsk was left empty: the army in Omsk was to stay (Hold, or no order at all).")},
};
constexpr GoalCheck kBounce[] = {
    {GoalKind::NoUnitIn, "China", UnitType::None, "TAS", 0,
     N_("The Chinese army took Tashkent: nothing stood in its way. Move your army from Bokhara into Tashkent "
        "too, and the two moves bounce.")},
};
constexpr GoalCheck kSupport[] = {
    {GoalKind::UnitIn, "France", UnitType::Army, "CAN", 0,
     N_("Canton held: one army with one support met one army with one support, and the defender stays. Attack "
        "Yunnan with your army in Mandalay: an attacked unit's support is cut.")},
};
constexpr GoalCheck kConvoy[] = {
    {GoalKind::UnitIn, "Japan", UnitType::Army, "FUS", 0,
     N_("No Japanese army landed in Fusan. Order the army in Kyoto to move to Fusan, and the fleet in the "
        "Yellow Sea to convoy it there.")},
};
constexpr GoalCheck kRailroad[] = {
    {GoalKind::UnitIn, "Russia", UnitType::Army, "IRK", 0,
     N_("The army did not reach Irkutsk: a plain move goes one province. Choose the army in Moscow, then TSR, "
        "then Irkutsk.")},
};
constexpr GoalCheck kSuez[] = {
    {GoalKind::UnitIn, "Britain", UnitType::Fleet, "MED", 0,
     N_("The British fleet stayed in the Red Sea: without the permission of whoever holds Egypt, the canal is "
        "closed. Choose your army in Egypt, then Canal, then the British fleet's way through.")},
};
constexpr GoalCheck kHongKong[] = {
    {GoalKind::ColoniesAtLeast, "China", UnitType::None, "", 2,
     N_("China still counts one colony. Hong Kong never counts for China: a Chinese army there only takes it "
        "from Britain. Tongking, which France left empty, would count.")},
};
constexpr GoalCheck kRetreat[] = {
    {GoalKind::UnitsAtLeast, "China", UnitType::None, "", 2,
     N_("The army was disbanded: China has one unit left. Choose the army driven out of Canton and retreat it "
        "to an empty province beside it.")},
};
constexpr GoalCheck kBuilds[] = {
    {GoalKind::UnitIn, "France", UnitType::Fleet, "ANN", 0,
     N_("No French fleet stands in Annam: choose Annam, then Build fleet.")},
};

// The lessons, in the order they are taught. Positions are in the DATC's
// words (engine/setup.h); a lesson's other powers obey `others`, and units
// without an order hold.
constexpr LessonData kLessons[] = {
    {"move-and-hold", N_("Move and hold"),
     N_("Each turn every unit gets one order. An army moves to a province beside its own, or holds where it "
        "stands."),
     N_("Move the army in Moscow to Perm, and keep the army in Omsk where it is."),
     N_("Both orders succeeded: a move goes one province, a hold keeps one."), "Russia",
     "PRESTATE_SETPHASE 1870 Movement\n"
     "PRESTATE\n Russia: A mos\n Russia: A oms\n China: A sik\n"
     "PRESTATE_SUPPLYCENTER_OWNERS\n Russia: mos\n Russia: oms\n China: sik\n",
     "", "A mos - prm, A oms H", "A oms - prm, A mos H", kMoveAndHold},
    {"bounce", N_("A bounce"),
     N_("Two units of equal strength moving into one province bounce: neither moves, and the province stays "
        "empty."),
     N_("China's army in Kashgar marches on Tashkent. Keep it out."),
     N_("The two moves bounced: Tashkent stays empty."), "Russia",
     "PRESTATE_SETPHASE 1870 Movement\n"
     "PRESTATE\n Russia: A bok\n China: A kag\n"
     "PRESTATE_SUPPLYCENTER_OWNERS\n Russia: mos\n China: kag\n",
     "China: A kag - tas\n", "A bok - tas", "A bok H", kBounce},
    {"support", N_("Support and cut support"),
     N_("A support adds one to a move or a hold. A unit that is attacked cannot support: the attack cuts its "
        "support, even when it fails."),
     N_("Take Canton. China's army in Yunnan supports the one in Canton: cut that support."),
     N_("Canton fell: two against one, once your attack on Yunnan cut China's support."), "France",
     "PRESTATE_SETPHASE 1870 Movement\n"
     "PRESTATE\n France: A ton\n France: F scs\n France: A may\n China: A can\n China: A yun\n"
     "PRESTATE_SUPPLYCENTER_OWNERS\n France: ton\n France: may\n China: can\n",
     "China: A can H\nChina: A yun S A can\n", "A ton - can, F scs S A ton - can, A may - yun",
     "A ton - can, F scs S A ton - can", kSupport},
    {"convoy", N_("A convoy"),
     N_("A fleet at sea can carry an army across it: the fleet convoys, and the army moves to the far coast."),
     N_("Land the army in Kyoto in Fusan, across the Yellow Sea."),
     N_("The fleet carried the army across the Yellow Sea to Fusan."), "Japan",
     "PRESTATE_SETPHASE 1870 Movement\n"
     "PRESTATE\n Japan: A kyo\n Japan: F yel\n Russia: A vla\n"
     "PRESTATE_SUPPLYCENTER_OWNERS\n Japan: kyo\n Russia: vla\n",
     "", "A kyo - fus, F yel C A kyo - fus", "F yel - fus", kConvoy},
    {"railroad", N_("The Trans-Siberian Railroad"),
     N_("A Russian army on the Trans-Siberian Railroad may travel along it as far as it likes in one move, "
        "while no unit stands in its way (rule 9.2)."),
     N_("Send the army in Moscow to Irkutsk in one move, by the railroad."),
     N_("The army rode the railroad from Moscow to Irkutsk in one move."), "Russia",
     "PRESTATE_SETPHASE 1870 Movement\n"
     "PRESTATE\n Russia: A mos\n China: A pek\n"
     "PRESTATE_SUPPLYCENTER_OWNERS\n Russia: mos\n China: pek\n",
     "", "A mos - TSR - irk", "A mos - prm", kRailroad},
    {"suez", N_("The Suez Canal"),
     N_("A fleet sails through the Suez Canal, between the Red Sea and the Mediterranean, only with the "
        "permission of the power holding Egypt (rule 9.3)."),
     N_("Britain's fleet in the Red Sea asks to sail into the Mediterranean. Your army holds Egypt: let it "
        "through."),
     N_("Your permission opened the canal: the British fleet sailed into the Mediterranean."), "Turkey",
     "PRESTATE_SETPHASE 1870 Movement\n"
     "PRESTATE\n Turkey: A egy\n Britain: F red\n"
     "PRESTATE_SUPPLYCENTER_OWNERS\n Turkey: egy\n Britain: ade\n",
     "Britain: F red - med\n", "A egy SC British F red - med", "A egy H", kSuez},
    {"hong-kong", N_("Hong Kong"),
     N_("At the end of every other turn each colony counts for the power whose unit stands in it. Hong Kong "
        "never counts for China (rule 9.1)."),
     N_("It is 1872: this turn's end counts the colonies. Gain a colony for China."),
     N_("Tongking counts for China now: two colonies."), "China",
     "PRESTATE_SETPHASE 1872 Movement\n"
     "PRESTATE\n China: A can\n France: A ann\n Britain: F sin\n"
     "PRESTATE_SUPPLYCENTER_OWNERS\n China: can\n France: ton\n France: ann\n Britain: hon\n Britain: sin\n",
     "", "A can - ton", "A can - hon", kHongKong},
    {"retreat", N_("A retreat"),
     N_("A unit driven out of its province (dislodged) must retreat to an empty province beside it, or it is "
        "disbanded."),
     N_("France drove your army out of Canton. Retreat it, and keep it."),
     N_("The army retreated: China keeps both its armies."), "China",
     "PRESTATE_SETPHASE 1870 Retreat\n"
     "PRESTATE\n France: A can\n France: A ton\n China: A sha\n"
     "PRESTATE_DISLODGED\n China: A can\n"
     "PRESTATE_SUPPLYCENTER_OWNERS\n China: can\n China: sha\n France: ton\n",
     "", "A can - yun", "A can disband", kRetreat},
    {"builds", N_("Builds"),
     N_("When the colonies are counted, a power with more colonies than units builds new units in its empty "
        "home colonies; one with fewer removes units."),
     N_("France counts two colonies and has one unit: build a fleet in Annam."),
     N_("The new fleet stands in Annam, ready to sail."), "France",
     "PRESTATE_SETPHASE 1872 Adjustment\n"
     "PRESTATE\n France: A ton\n China: A can\n"
     "PRESTATE_SUPPLYCENTER_OWNERS\n France: ton\n France: ann\n China: can\n",
     "", "Build F ann", "Build A ann", kBuilds},
};

}  // namespace

std::span<const LessonData> lessons() { return kLessons; }

bool lessons_fit(const Map& map) { return map.name() == "Colonial"; }

LessonRun::LessonRun() : game_(std::make_unique<Game>()) {}
LessonRun::~LessonRun() = default;

const LessonData& LessonRun::data() const {
  COLONIAL_ASSERT(started());
  return kLessons[index_];
}

bool LessonRun::start(Map& map, int index, std::string& error) {
  COLONIAL_ASSERT(index >= 0 && index < static_cast<int>(std::size(kLessons)));
  const LessonData& lesson = kLessons[index];
  GameSettings settings;
  if (!colonial_preset(map, "ah1995", settings)) {
    error = text::tr("The lessons are played on the Colonial board.");
    return false;
  }
  settings.rules.map_options = map.options();
  settings.rules.setup = static_cast<u8>(map.current_setup());
  Position position;
  u32 civil_disorder = 0;
  SetupError setup_error;
  if (!read_position_text(map, lesson.position, position, civil_disorder, setup_error)) {
    // TRANSLATORS: a lesson's name, the line of its position, and why the board refuses it.
    error = text::format(tr("lesson %s, line %d of its position: %s"), std::string(lesson.id).c_str(), setup_error.line,
                         setup_error.message.c_str());
    return false;
  }
  ReasonText why;
  if (!check_position(map, position, why)) {
    // TRANSLATORS: a lesson's name, then why its position cannot stand on the board.
    error = text::format(tr("lesson %s: %s"), std::string(lesson.id).c_str(), why.c_str());
    return false;
  }
  const PowerId power = map.find_power(lesson.power);
  if (power == kNoPower) {
    // TRANSLATORS: a lesson's name, then the power it names and the board lacks.
    error = text::format(tr("lesson %s: the board has no power %s"), std::string(lesson.id).c_str(),
                         std::string(lesson.power).c_str());
    return false;
  }
  game_->start_from(map, settings, position);
  // The others' orders, read by the one parser in the lesson's position.
  OrderList others;
  ParseContext ctx;
  ctx.map = &map;
  ctx.position = &game_->position();
  ctx.phase = game_->phase().kind;
  std::string_view rest = lesson.others;
  std::string_view line;
  while (next_line(rest, line)) {
    if (line.empty()) continue;
    ParsedOrders parsed;
    ParseError parse_error;
    if (!parse_order_line(ctx, line, parsed, parse_error)) {
      error = text::format(tr("lesson %s: %s"), std::string(lesson.id).c_str(), parse_error.message.c_str());
      return false;
    }
    for (const Order& o : parsed) others.push_back(o);
  }
  map_ = &map;
  index_ = index;
  power_ = power;
  others_ = others;
  tried_ = reached_ = false;
  explanation_.clear();
  return true;
}

bool LessonRun::again(std::string& error) { return start(*map_, index_, error); }

void LessonRun::leave() {
  map_ = nullptr;
  index_ = -1;
  tried_ = reached_ = false;
  explanation_.clear();
}

bool LessonRun::attempt(const OrderList& mine) {
  COLONIAL_ASSERT(started() && !tried_);
  explanation_.clear();
  if (!others_.empty() && !game_->submit_each(others_)) {
    explanation_.push_back(text::tr("The lesson's own orders were refused."));
    return false;
  }
  if (!game_->submit(power_, mine)) {
    explanation_.push_back(text::tr("These orders cannot be given in this lesson: choose your own units' orders."));
    return false;
  }
  if (!game_->adjudicate()) {
    explanation_.push_back(text::tr("The try could not be adjudicated."));
    return false;
  }
  tried_ = true;
  // The lesson's word first (on a small screen it is what shows), then the
  // adjudicator's sentence for each order.
  reached_ = true;
  for (const GoalCheck& goal : data().checks)
    if (!check(goal)) {
      reached_ = false;
      explanation_.emplace_back(tr(goal.missed));
    }
  if (reached_) explanation_.emplace_back(tr(data().reached));
  const PhaseRecord& record = game_->history(0);
  for (const OrderResult& result : record.results.results) {
    SentenceText sentence;
    describe_result_sentence(*map_, record.position, result, sentence);
    explanation_.emplace_back(sentence.c_str());
  }
  return true;
}

bool LessonRun::check(const GoalCheck& goal) const {
  const Position& pos = game_->position();
  const PowerId power = map_->find_power(goal.power);
  COLONIAL_ASSERT(power != kNoPower);
  ProvinceId place = kNoProvince;
  if (goal.kind == GoalKind::UnitIn || goal.kind == GoalKind::NoUnitIn) {
    place = map_->find_province(goal.place).province;
    COLONIAL_ASSERT(place != kNoProvince);
  }
  switch (goal.kind) {
    case GoalKind::UnitIn: {
      const Unit& u = pos.units[place];
      return u.power == power && u.present() && (goal.unit == UnitType::None || u.type == goal.unit);
    }
    case GoalKind::NoUnitIn: return !(pos.units[place].present() && pos.units[place].power == power);
    case GoalKind::ColoniesAtLeast: return pos.colony_count(*map_, power) >= goal.count;
    case GoalKind::UnitsAtLeast: return pos.unit_count(power) >= goal.count;
  }
  return false;
}

}  // namespace colonial
