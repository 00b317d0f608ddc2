import XCTest
@testable import ItemFeedUI
import ItemFeedTestSupport

extension Control {
    /// The live targets registered for any event, each once.
    var allTargets: [AnyObject] {
        var targets: [AnyObject] = []
        for registration in registrations.values.joined() {
            guard let target = registration.target else { continue }
            if !targets.contains(where: { $0 === target }) { targets.append(target) }
        }
        return targets
    }
}

/// SPEC 4: the target–action layer.
final class ControlTests: XCTestCase {
    @MainActor func test_addTarget_listsTheTargetAndItsActionsPerEvent() async {
        let control = Control()
        let target = TargetSpy()

        control.addTarget(target, action: "first", for: .valueChanged, TargetSpy.first)
        control.addTarget(target, action: "second", for: .valueChanged, TargetSpy.second)

        XCTAssertEqual(control.allTargets.count, 1)
        XCTAssertTrue(control.allTargets.first === target)
        XCTAssertEqual(control.actions(forTarget: target, forEvent: .valueChanged), ["first", "second"])
        XCTAssertEqual(control.actions(forTarget: target, forEvent: .primaryActionTriggered), [])
    }

    @MainActor func test_sendActions_callsEveryActionForThatEventOnly() async {
        let control = Control()
        let target = TargetSpy()
        control.addTarget(target, action: "first", for: .valueChanged, TargetSpy.first)
        control.addTarget(target, action: "second", for: .valueChanged, TargetSpy.second)
        control.addTarget(target, action: "first", for: .primaryActionTriggered, TargetSpy.first)

        control.sendActions(for: .valueChanged)

        XCTAssertEqual(target.calls, ["first", "second"])
    }

    @MainActor func test_addingTheSameActionTwice_registersItOnce() async {
        let control = Control()
        let target = TargetSpy()
        control.addTarget(target, action: "first", for: .valueChanged, TargetSpy.first)
        control.addTarget(target, action: "first", for: .valueChanged, TargetSpy.first)

        control.sendActions(for: .valueChanged)

        XCTAssertEqual(target.calls, ["first"])
    }

    @MainActor func test_targets_areHeldWeakly() async {
        let control = Control()
        var target: TargetSpy? = TargetSpy()
        weak let weakTarget = target
        control.addTarget(target!, action: "first", for: .valueChanged, TargetSpy.first)

        target = nil

        XCTAssertNil(weakTarget, "Expected the control not to keep its target alive")
        XCTAssertTrue(control.allTargets.isEmpty)
        control.sendActions(for: .valueChanged)
    }

    @MainActor func test_removeTarget_stopsItsActionsForThatEvent() async {
        let control = Control()
        let target = TargetSpy()
        control.addTarget(target, action: "first", for: .valueChanged, TargetSpy.first)
        control.addTarget(target, action: "first", for: .primaryActionTriggered, TargetSpy.first)

        control.removeTarget(target, for: .valueChanged)
        control.sendActions(for: .valueChanged)
        control.sendActions(for: .primaryActionTriggered)

        XCTAssertEqual(target.calls, ["first"])
    }

    @MainActor func test_refreshControl_beginAndEndRefreshing_reportChangesOnce() async {
        let control = RefreshControl()
        var reported: [Bool] = []
        control.isRefreshingChanged = { reported.append($0) }

        control.beginRefreshing()
        control.beginRefreshing()
        XCTAssertTrue(control.isRefreshing)
        control.endRefreshing()

        XCTAssertFalse(control.isRefreshing)
        XCTAssertEqual(reported, [true, false])
    }

    @MainActor func test_simulatePullToRefresh_sendsValueChanged() async {
        let control = RefreshControl()
        let target = TargetSpy()
        control.addTarget(target, action: "first", for: .valueChanged, TargetSpy.first)

        control.simulatePullToRefresh()

        XCTAssertEqual(target.calls, ["first"])
    }

    @MainActor func test_refreshControl_overshootingTheTopByWheel_doesNotReload() async {
        let (control, target) = makeRefreshControl()

        control.listScrolled(by: .wheel)
        control.listOvershotTop()
        control.listOvershotTop()

        XCTAssertEqual(target.calls, [])
    }

    @MainActor func test_refreshControl_overshootingTheTopWithoutScrollInput_doesNotReload() async {
        let (control, target) = makeRefreshControl()

        control.listOvershotTop()

        XCTAssertEqual(target.calls, [])
    }

    @MainActor func test_refreshControl_pullingPastTheTopByTouchpadOrFinger_reloads() async {
        for input in [ListScrollInput.touchpad, .touch] {
            let (control, target) = makeRefreshControl()

            control.listScrolled(by: input)
            control.listOvershotTop()

            XCTAssertEqual(target.calls, ["first"], "\(input)")
        }
    }

    @MainActor func test_refreshControl_aPullAfterTheWheel_reloads_andAWheelAfterAPull_doesNot() async {
        let (control, target) = makeRefreshControl()

        control.listScrolled(by: .wheel)
        control.listScrolled(by: .touchpad)
        control.listOvershotTop()
        control.listScrolled(by: .wheel)
        control.listOvershotTop()

        XCTAssertEqual(target.calls, ["first"])
    }

    @MainActor func test_refreshControl_pullingWhileRefreshing_doesNotReloadAgain() async {
        let (control, target) = makeRefreshControl()
        control.beginRefreshing()

        control.listScrolled(by: .touch)
        control.listOvershotTop()

        XCTAssertEqual(target.calls, [])
    }

    @MainActor func test_simulateTap_sendsPrimaryActionTriggered() async {
        let button = Button()
        let target = TargetSpy()
        button.addTarget(target, action: "second", for: .primaryActionTriggered, TargetSpy.second)

        button.simulateTap()

        XCTAssertEqual(target.calls, ["second"])
    }

    @MainActor func test_listScreen_registersItsReloadOnTheRefreshControl() async {
        let sut = makeSUT()

        let actions = sut.controller.refreshControl.actions(forTarget: sut.controller, forEvent: .valueChanged)

        XCTAssertEqual(actions, ["refresh"])
    }

    @MainActor private func makeRefreshControl() -> (RefreshControl, TargetSpy) {
        let control = RefreshControl()
        let target = TargetSpy()
        control.addTarget(target, action: "first", for: .valueChanged, TargetSpy.first)
        return (control, target)
    }
}

@MainActor
private final class TargetSpy {
    private(set) var calls: [String] = []
    func first() { calls.append("first") }
    func second() { calls.append("second") }
}
