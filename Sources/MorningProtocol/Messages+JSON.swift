// The JSON of each message in Messages.swift (see JSONCodable). Members are written in
// the order of their keys, so printing need not sort them; optional fields are left
// out when nil, @Nullable ones written as null.

extension Morning.TaskTime: JSONCodable {
    public init(json o: JSONFields) throws {
        self.init(time: try o.string("time"), title: try o.string("title"))
    }

    public var json: JSONValue {
        .object([.init(key: "time", value: .string(time)), .init(key: "title", value: .string(title))])
    }
}

extension Morning.CatalogRoutine: JSONCodable {
    public init(json o: JSONFields) throws {
        self.init(id: try o.string("id"), name: try o.string("name"), bio: try o.string("bio"),
                  source: try o.string("source"), tasks: try o.array("tasks"))
    }

    public var json: JSONValue {
        var o = JSONMembers()
        o["bio"] = .string(bio)
        o["id"] = .string(id)
        o["name"] = .string(name)
        o["source"] = .string(source)
        o["tasks"] = .array(tasks)
        return o.value
    }
}

extension Morning.RoutineInfo: JSONCodable {
    public init(json o: JSONFields) throws {
        self.init(id: try o.string("id"), name: try o.string("name"), type: try o.value("type"),
                  active: try o.bool("active"), createdDate: try o.string("createdDate"),
                  startDate: try o.string("startDate"), tasks: try o.array("tasks"))
    }

    public var json: JSONValue {
        var o = JSONMembers()
        o["active"] = .bool(active)
        o["createdDate"] = .string(createdDate)
        o["id"] = .string(id)
        o["name"] = .string(name)
        o["startDate"] = .string(startDate)
        o["tasks"] = .array(tasks)
        o["type"] = .raw(type)
        return o.value
    }
}

extension Morning.Progress: JSONCodable {
    public init(json o: JSONFields) throws {
        self.init(date: try o.string("date"), completed: try o.int("completed"), total: try o.int("total"))
    }

    public var json: JSONValue {
        var o = JSONMembers()
        o["completed"] = .int(completed)
        o["date"] = .string(date)
        o["total"] = .int(total)
        return o.value
    }
}

extension Morning.Notifications: JSONCodable {
    public init(json o: JSONFields) throws {
        self.init(enabled: try o.bool("enabled"), available: try o.bool("available"))
    }

    public var json: JSONValue {
        .object([.init(key: "available", value: .bool(available)), .init(key: "enabled", value: .bool(enabled))])
    }
}

extension Morning.DayTask: JSONCodable {
    public init(json o: JSONFields) throws {
        self.init(position: try o.int("position"), time: try o.string("time"), title: try o.string("title"),
                  state: try o.value("state"))
    }

    public var json: JSONValue {
        var o = JSONMembers()
        o["position"] = .int(position)
        o["state"] = .raw(state)
        o["time"] = .string(time)
        o["title"] = .string(title)
        return o.value
    }
}

extension Morning.WeekDay: JSONCodable {
    public init(json o: JSONFields) throws {
        self.init(date: try o.string("date"), completed: try o.int(optional: "completed"))
    }

    public var json: JSONValue {
        .object([.init(key: "completed", value: .nullable(completed)), .init(key: "date", value: .string(date))])
    }
}

extension Morning.WeekChart: JSONCodable {
    public init(json o: JSONFields) throws {
        self.init(routine: try o.string("routine"), routineId: try o.string("routineId"), total: try o.int("total"),
                  weekStart: try o.string("weekStart"), today: try o.string("today"), days: try o.array("days"))
    }

    public var json: JSONValue {
        var o = JSONMembers()
        o["days"] = .array(days)
        o["routine"] = .string(routine)
        o["routineId"] = .string(routineId)
        o["today"] = .string(today)
        o["total"] = .int(total)
        o["weekStart"] = .string(weekStart)
        return o.value
    }
}

extension Morning.Card: JSONCodable {
    public init(json o: JSONFields) throws {
        self.init(routine: try o.string("routine"), routineId: try o.string("routineId"), type: try o.value("type"),
                  active: try o.bool("active"), week: try o.value("week"))
    }

    public var json: JSONValue {
        var o = JSONMembers()
        o["active"] = .bool(active)
        o["routine"] = .string(routine)
        o["routineId"] = .string(routineId)
        o["type"] = .raw(type)
        o["week"] = week.json
        return o.value
    }
}

extension Morning.Status: JSONCodable {
    public init(json o: JSONFields) throws {
        self.init(phase: try o.value("phase"), date: try o.string("date"), routine: try o.value(optional: "routine"),
                  today: try o.value(optional: "today"), currentTask: try o.value(optional: "currentTask"),
                  nextTask: try o.value(optional: "nextTask"), behind: try o.int("behind"),
                  nextReminder: try o.string(optional: "nextReminder"), notifications: try o.value("notifications"))
    }

    public var json: JSONValue {
        var o = JSONMembers()
        o["behind"] = .int(behind)
        o["currentTask"] = .nullable(currentTask)
        o["date"] = .string(date)
        o["nextReminder"] = .nullable(nextReminder)
        o["nextTask"] = .nullable(nextTask)
        o["notifications"] = notifications.json
        o["phase"] = .raw(phase)
        o["routine"] = .nullable(routine)
        o["today"] = .nullable(today)
        return o.value
    }
}

extension Morning.ExploreParameters: JSONCodable {
    public init(json o: JSONFields) throws {
        self.init(name: try o.string(optional: "name"))
    }

    public var json: JSONValue {
        var o = JSONMembers()
        o["name"] = name.map(JSONValue.string)
        return o.value
    }
}

extension Morning.ExploreReply: JSONCodable {
    public init(json o: JSONFields) throws {
        self.init(routines: try o.array("routines"))
    }

    public var json: JSONValue { .object([.init(key: "routines", value: .array(routines))]) }
}

extension Morning.RoutineParameters: JSONCodable {
    public init(json o: JSONFields) throws {
        self.init(routine: try o.string("routine"))
    }

    public var json: JSONValue { .object([.init(key: "routine", value: .string(routine))]) }
}

extension Morning.ActivationReply: JSONCodable {
    public init(json o: JSONFields) throws {
        self.init(routine: try o.value("routine"), previous: try o.value(optional: "previous"),
                  finalized: try o.value(optional: "finalized"))
    }

    public var json: JSONValue {
        var o = JSONMembers()
        o["finalized"] = .nullable(finalized)
        o["previous"] = .nullable(previous)
        o["routine"] = routine.json
        return o.value
    }
}

extension Morning.DeleteReply: JSONCodable {
    public init(json o: JSONFields) throws {
        self.init(routine: try o.value("routine"), records: try o.int("records"))
    }

    public var json: JSONValue {
        .object([.init(key: "records", value: .int(records)), .init(key: "routine", value: routine.json)])
    }
}

extension Morning.DayParameters: JSONCodable {
    public init(json o: JSONFields) throws {
        self.init(date: try o.string(optional: "date"))
    }

    public var json: JSONValue {
        var o = JSONMembers()
        o["date"] = date.map(JSONValue.string)
        return o.value
    }
}

extension Morning.DayReply: JSONCodable {
    public init(json o: JSONFields) throws {
        self.init(date: try o.string("date"), routine: try o.string("routine"), routineId: try o.string("routineId"),
                  mode: try o.value("mode"), completed: try o.int("completed"), total: try o.int("total"),
                  tasks: try o.array("tasks"))
    }

    public var json: JSONValue {
        var o = JSONMembers()
        o["completed"] = .int(completed)
        o["date"] = .string(date)
        o["mode"] = .raw(mode)
        o["routine"] = .string(routine)
        o["routineId"] = .string(routineId)
        o["tasks"] = .array(tasks)
        o["total"] = .int(total)
        return o.value
    }
}

extension Morning.TaskParameters: JSONCodable {
    public init(json o: JSONFields) throws {
        self.init(task: try o.string("task"), date: try o.string(optional: "date"))
    }

    public var json: JSONValue {
        var o = JSONMembers()
        o["date"] = date.map(JSONValue.string)
        o["task"] = .string(task)
        return o.value
    }
}

extension Morning.CheckReply: JSONCodable {
    public init(json o: JSONFields) throws {
        self.init(task: try o.value("task"), changed: try o.bool("changed"), completed: try o.int("completed"),
                  total: try o.int("total"))
    }

    public var json: JSONValue {
        var o = JSONMembers()
        o["changed"] = .bool(changed)
        o["completed"] = .int(completed)
        o["task"] = task.json
        o["total"] = .int(total)
        return o.value
    }
}

extension Morning.NotificationsParameters: JSONCodable {
    public init(json o: JSONFields) throws {
        self.init(enabled: try o.bool("enabled"))
    }

    public var json: JSONValue { .object([.init(key: "enabled", value: .bool(enabled))]) }
}

extension Morning.NotificationsReply: JSONCodable {
    public init(json o: JSONFields) throws {
        self.init(notifications: try o.value("notifications"))
    }

    public var json: JSONValue { .object([.init(key: "notifications", value: notifications.json)]) }
}

extension Morning.WelcomeParameters: JSONCodable {
    public init(json o: JSONFields) throws {
        self.init(take: try o.bool("take"))
    }

    public var json: JSONValue { .object([.init(key: "take", value: .bool(take))]) }
}

extension Morning.WelcomeReply: JSONCodable {
    public init(json o: JSONFields) throws {
        self.init(pending: try o.bool("pending"))
    }

    public var json: JSONValue { .object([.init(key: "pending", value: .bool(pending))]) }
}

extension Morning.ReloadReply: JSONCodable {
    public init(json o: JSONFields) throws {
        self.init(nextReminder: try o.string(optional: "nextReminder"), nextMidnight: try o.string("nextMidnight"))
    }

    public var json: JSONValue {
        .object([.init(key: "nextMidnight", value: .string(nextMidnight)),
                 .init(key: "nextReminder", value: .nullable(nextReminder))])
    }
}

extension Morning.WeekParameters: JSONCodable {
    public init(json o: JSONFields) throws {
        self.init(routine: try o.string(optional: "routine"), date: try o.string(optional: "date"),
                  offset: try o.int(optional: "offset"), locale: try o.string(optional: "locale"))
        if let offset, !(-Self.offsetLimit...Self.offsetLimit).contains(offset) {
            throw DecodingError.dataCorrupted(.init(codingPath: JSONPlace.member("offset", in: o.place).codingPath,
                                                    debugDescription: "more than \(Self.offsetLimit) weeks away"))
        }
    }

    public var json: JSONValue {
        var o = JSONMembers()
        o["date"] = date.map(JSONValue.string)
        o["locale"] = locale.map(JSONValue.string)
        o["offset"] = offset.map(JSONValue.int)
        o["routine"] = routine.map(JSONValue.string)
        return o.value
    }
}

extension Morning.DataParameters: JSONCodable {
    public init(json o: JSONFields) throws {
        self.init(locale: try o.string(optional: "locale"))
    }

    public var json: JSONValue {
        var o = JSONMembers()
        o["locale"] = locale.map(JSONValue.string)
        return o.value
    }
}

extension Morning.DataReply: JSONCodable {
    public init(json o: JSONFields) throws {
        self.init(cards: try o.array("cards"))
    }

    public var json: JSONValue { .object([.init(key: "cards", value: .array(cards))]) }
}

extension Morning.ErrorParameters: JSONCodable {
    public init(json o: JSONFields) throws {
        self.init()
        routine = try o.string(optional: "routine")
        startDate = try o.string(optional: "startDate")
        query = try o.string(optional: "query")
        candidates = try o.strings(optional: "candidates")
        id = try o.string(optional: "id")
        total = try o.int(optional: "total")
        date = try o.string(optional: "date")
        today = try o.string(optional: "today")
        earliest = try o.string(optional: "earliest")
        latest = try o.string(optional: "latest")
        text = try o.string(optional: "text")
        reason = try o.string(optional: "reason")
        uid = try o.int(optional: "uid")
        routines = try o.int(optional: "routines")
        earlier = try o.string(optional: "earlier")
        later = try o.string(optional: "later")
        limit = try o.int(optional: "limit")
        position = try o.int(optional: "position")
        line = try o.int(optional: "line")
        parameter = try o.string(optional: "parameter")
        method = try o.string(optional: "method")
        interface = try o.string(optional: "interface")
    }

    public var json: JSONValue {
        var o = JSONMembers()
        o["candidates"] = candidates.map(JSONValue.strings)
        o["date"] = date.map(JSONValue.string)
        o["earlier"] = earlier.map(JSONValue.string)
        o["earliest"] = earliest.map(JSONValue.string)
        o["id"] = id.map(JSONValue.string)
        o["interface"] = interface.map(JSONValue.string)
        o["later"] = later.map(JSONValue.string)
        o["latest"] = latest.map(JSONValue.string)
        o["limit"] = limit.map(JSONValue.int)
        o["line"] = line.map(JSONValue.int)
        o["method"] = method.map(JSONValue.string)
        o["parameter"] = parameter.map(JSONValue.string)
        o["position"] = position.map(JSONValue.int)
        o["query"] = query.map(JSONValue.string)
        o["reason"] = reason.map(JSONValue.string)
        o["routine"] = routine.map(JSONValue.string)
        o["routines"] = routines.map(JSONValue.int)
        o["startDate"] = startDate.map(JSONValue.string)
        o["text"] = text.map(JSONValue.string)
        o["today"] = today.map(JSONValue.string)
        o["total"] = total.map(JSONValue.int)
        o["uid"] = uid.map(JSONValue.int)
        return o.value
    }
}
